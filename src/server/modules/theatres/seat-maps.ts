import {
  labelSeats,
  seatMapIssues,
  type SeatArea,
  type SeatCell,
  type TheatreUpdate,
} from '../../../shared/api/theatres.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { SEAT_KIND } from '../../../shared/dict/theatres.ts';
import { FieldError } from '../../http/errors.ts';
import type { TheatreRecord } from './theatres.service.ts';

/** A new theatre's one tier; staff rename it and set its price in the seat-map editor. */
export const DEFAULT_AREA: SeatArea = { key: 'A', name: '普通区', color: '#409EFF', price: 0 };

/** Every cell of rows × cols a seat of the default tier (docs/decisions.md). */
export function fullGrid(rows: number, cols: number, area = DEFAULT_AREA.key): SeatCell[] {
  const cells: SeatCell[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) cells.push({ r, c, kind: SEAT_KIND.seat, area });
  return labelSeats(cells);
}

/** The seat map of an update, checked against the effective rows and columns: FieldError naming it. */
export function checkMap(before: TheatreRecord, body: TheatreUpdate) {
  const rows = body.rows ?? before.rows;
  const cols = body.cols ?? before.cols;
  const areas = body.areas ?? before.areas;
  const seats = body.seats ?? before.seats;
  const issue = seatMapIssues(rows, cols, areas, seats)[0];
  if (!issue) return;
  const reason = ValidationMessage[issue.message];
  // the caller did not send the part that is wrong: name what it changed instead
  if (issue.path[0] === 'seats' && !body.seats) {
    if (issue.message === 'seatOutsideMap')
      throw new FieldError(seats.some((s) => s.r >= rows) ? 'rows' : 'cols', reason);
    throw new FieldError('areas', reason);
  }
  throw new FieldError(issue.path.join('.'), reason);
}
