import { z } from 'zod';
import { EnableStatus } from '../dict/account.ts';
import { SaleStatus } from '../dict/product.ts';
import { SEAT_KIND, SEAT_STATUS, SeatKind } from '../dict/theatres.ts';
import {
  DateOnlySchema,
  dictCodeSchema,
  endpoints,
  IdSchema,
  listQuerySchema,
  TimeOfDaySchema,
} from './common.ts';
import type { ValidationMessageKey } from './validation-messages.ts';
import { key, required, text } from './fields.ts';

/** docs/product.md §2 /ticket/theatreManage: theatres with their seat maps. */
export const theatreApi = endpoints('/web/api/admin/theatre', [
  'page',
  'export',
  'query',
  'create',
  'update',
  'delete',
  'products',
]);
/** The shows of the theatres, and their seats. */
export const showApi = endpoints('/web/api/admin/theatre/show', [
  'page',
  'create',
  'update',
  'delete',
  'seats',
  'seatStatus',
]);

/** Limits of a seat map. */
export const THEATRE_LIMITS = { rows: 100, cols: 100, areas: 12 } as const;

/** A price tier of a seat map. */
export const SeatAreaSchema = z
  .object({
    key: z.string().regex(/^[A-Za-z0-9_-]{1,16}$/),
    name: z.string().trim().min(1).max(20),
    /** "#rrggbb" */
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    /** cents */
    price: z.number().int().min(0).max(10_000_000),
  })
  .strict();
export type SeatArea = z.infer<typeof SeatAreaSchema>;

/** One cell of the map (0-based row and column); cells not listed are empty space. */
export const SeatCellSchema = z
  .object({
    r: z
      .number()
      .int()
      .min(0)
      .max(THEATRE_LIMITS.rows - 1),
    c: z
      .number()
      .int()
      .min(0)
      .max(THEATRE_LIMITS.cols - 1),
    /** SeatKind: 1 seat, 2 aisle, 3 disabled */
    kind: dictCodeSchema(SeatKind),
    /** The price tier; required for seats */
    area: z.string().max(16).optional(),
    /** What the visitor sees, e.g. "3排12号" */
    label: text(16).optional(),
  })
  .strict();
export type SeatCell = z.infer<typeof SeatCellSchema>;

// ---------------------------------------------------------------------------------------------
// Theatres, shows and seat availability (issue 5: /ticket/theatreManage, seatsManage, theaterTicDetail)

/** Show dates of one create call: at most this many days from `from` to `to` (both included). */
export const SHOW_RANGE_DAYS = 92;
/** Seats one block/unblock or claim call may name. */
export const SEATS_PER_CALL = THEATRE_LIMITS.rows * THEATRE_LIMITS.cols;

const StatusSchema = dictCodeSchema(EnableStatus);
const name = required(50);
const rows = z.coerce.number().int().min(1).max(THEATRE_LIMITS.rows);
const cols = z.coerce.number().int().min(1).max(THEATRE_LIMITS.cols);

/** The key of a cell ("r:c"). */
export const cellKey = (r: number, c: number) => `${r}:${c}`;

export interface SeatMapIssue {
  path: (string | number)[];
  message: ValidationMessageKey;
}

/**
 * What is wrong with a seat map: cells outside rows × cols, two cells on one place, a seat without
 * a tier or with a tier the map does not have, two tiers with one key. Empty when it is fine.
 */
export function seatMapIssues(
  rowCount: number,
  colCount: number,
  areas: readonly SeatArea[],
  seats: readonly SeatCell[],
): SeatMapIssue[] {
  const issues: SeatMapIssue[] = [];
  const keys = new Set<string>();
  areas.forEach((area, i) => {
    if (keys.has(area.key)) issues.push({ path: ['areas', i, 'key'], message: 'seatAreaKeyDuplicate' });
    keys.add(area.key);
  });
  const taken = new Set<string>();
  seats.forEach((cell, i) => {
    if (cell.r >= rowCount || cell.c >= colCount) {
      issues.push({ path: ['seats', i], message: 'seatOutsideMap' });
    }
    const k = cellKey(cell.r, cell.c);
    if (taken.has(k)) issues.push({ path: ['seats', i], message: 'seatDuplicate' });
    taken.add(k);
    if (cell.kind === SEAT_KIND.seat) {
      if (!cell.area) issues.push({ path: ['seats', i, 'area'], message: 'required' });
      else if (!keys.has(cell.area)) issues.push({ path: ['seats', i, 'area'], message: 'seatAreaUnknown' });
    }
  });
  return issues;
}

/** The label a seat gets when staff give it none: "3排12号" (stored and printed on the ticket). */
export const autoSeatLabel = (row: number | string, seat: number) => `${row}排${seat}号`;
/** Whether a label is one `autoSeatLabel` made (the editor drops those and lets the server renumber). */
export const isAutoSeatLabel = (label: string | undefined) => !label || /^\d+排\d+号$/.test(label);

/**
 * Fills the missing labels of seats as "N排M号": N counts only rows that hold a seat, M only the
 * seats of the row from the left, so aisles and gaps do not use up a number. Other cells lose
 * their tier and label. The console's preview and the server use this same function.
 */
export function labelSeats(seats: readonly SeatCell[]): SeatCell[] {
  const seatRows = [...new Set(seats.filter((s) => s.kind === SEAT_KIND.seat).map((s) => s.r))].sort(
    (a, b) => a - b,
  );
  const rowNo = new Map(seatRows.map((r, i) => [r, i + 1]));
  const seatNo = new Map<string, number>();
  const byRow = new Map<number, number[]>();
  for (const s of seats) {
    if (s.kind !== SEAT_KIND.seat) continue;
    byRow.set(s.r, [...(byRow.get(s.r) ?? []), s.c]);
  }
  for (const [r, list] of byRow) {
    list.sort((a, b) => a - b).forEach((c, i) => seatNo.set(cellKey(r, c), i + 1));
  }
  return [...seats]
    .sort((a, b) => a.r - b.r || a.c - b.c)
    .map((s) => {
      if (s.kind !== SEAT_KIND.seat) return { r: s.r, c: s.c, kind: s.kind };
      const label = s.label?.trim() || autoSeatLabel(rowNo.get(s.r) ?? 0, seatNo.get(cellKey(s.r, s.c)) ?? 0);
      return { r: s.r, c: s.c, kind: s.kind, area: s.area, label };
    });
}

export const THEATRE_SORT_FIELDS = ['name', 'createTime'] as const;

export const TheatrePageSchema = listQuerySchema(THEATRE_SORT_FIELDS, {
  name: text(50).optional(),
  status: StatusSchema.optional(),
});
export type TheatrePage = z.infer<typeof TheatrePageSchema>;

/** A new theatre starts with every cell a seat of one default tier (docs/decisions.md). */
export const TheatreCreateSchema = z
  .object({
    name,
    address: text(200).default(''),
    rows,
    cols,
    status: StatusSchema.default(1),
    remark: text(200).default(''),
  })
  .strict();
export type TheatreCreate = z.infer<typeof TheatreCreateSchema>;

/** Any of the basic fields and, from the seat-map editor, the whole map (areas + seats). */
export const TheatreUpdateSchema = z
  .object({
    id: IdSchema,
    name: name.optional(),
    address: text(200).optional(),
    rows: rows.optional(),
    cols: cols.optional(),
    status: StatusSchema.optional(),
    remark: text(200).optional(),
    areas: z.array(SeatAreaSchema).max(THEATRE_LIMITS.areas).optional(),
    seats: z.array(SeatCellSchema).max(SEATS_PER_CALL).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.rows == null || value.cols == null || !value.areas || !value.seats) return;
    for (const issue of seatMapIssues(value.rows, value.cols, value.areas, value.seats).slice(0, 5)) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });
export type TheatreUpdate = z.infer<typeof TheatreUpdateSchema>;

export const TheatreRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  rows: z.number().int(),
  cols: z.number().int(),
  seatCount: z.number().int().describe('cells of kind 1 (seat)'),
  status: z.number().int(),
  remark: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TheatreRow = z.infer<typeof TheatreRowSchema>;

export const TheatreDetailSchema = TheatreRowSchema.extend({
  areas: z.array(SeatAreaSchema),
  seats: z.array(SeatCellSchema),
});
export type TheatreDetail = z.infer<typeof TheatreDetailSchema>;

/** ISO weekday: 1 Monday … 7 Sunday. */
export const WeekdaySchema = z.number().int().min(1).max(7);

export const SHOW_SORT_FIELDS = ['showDate', 'createTime'] as const;

export const ShowPageSchema = listQuerySchema(SHOW_SORT_FIELDS, {
  productId: IdSchema.optional(),
  theatreId: IdSchema.optional(),
  from: DateOnlySchema.optional(),
  to: DateOnlySchema.optional(),
  status: dictCodeSchema(SaleStatus).optional(),
});
export type ShowPage = z.infer<typeof ShowPageSchema>;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** One show per day of from..to whose ISO weekday is listed, all at the same time. */
export const ShowCreateSchema = z
  .object({
    productId: IdSchema,
    theatreId: IdSchema,
    from: DateOnlySchema,
    to: DateOnlySchema,
    weekdays: z
      .array(WeekdaySchema)
      .min(1, { error: key('required') })
      .max(7),
    startTime: TimeOfDaySchema,
    endTime: TimeOfDaySchema,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.endTime <= v.startTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: key('endAfterStart') });
    const days = daysBetween(v.from, v.to);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: key('timeRange') });
    else if (days >= SHOW_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: key('showRangeDays') });
  });
export type ShowCreate = z.infer<typeof ShowCreateSchema>;

export const ShowCreateResultSchema = z.object({
  created: z.number().int(),
  skipped: z.number().int().describe('matching days that already had a show at that time'),
});

export const ShowUpdateSchema = z
  .object({
    id: IdSchema,
    startTime: TimeOfDaySchema.optional(),
    endTime: TimeOfDaySchema.optional(),
    status: dictCodeSchema(SaleStatus).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.startTime && v.endTime && v.endTime <= v.startTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: key('endAfterStart') });
  });
export type ShowUpdate = z.infer<typeof ShowUpdateSchema>;

export const ShowRowSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  theatreId: z.number().int(),
  theatreName: z.string(),
  showDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.number().int(),
  total: z.number().int(),
  sold: z.number().int(),
  held: z.number().int(),
  blocked: z.number().int(),
  createTime: z.string(),
});
export type ShowRow = z.infer<typeof ShowRowSchema>;

export const SeatRefSchema = z
  .object({
    row: z
      .number()
      .int()
      .min(0)
      .max(THEATRE_LIMITS.rows - 1),
    col: z
      .number()
      .int()
      .min(0)
      .max(THEATRE_LIMITS.cols - 1),
  })
  .strict();
export type SeatRef = z.infer<typeof SeatRefSchema>;

export const ShowSeatSchema = z.object({
  row: z.number().int(),
  col: z.number().int(),
  label: z.string(),
  areaKey: z.string(),
  price: z.number().int().describe('cents'),
  status: z.number().int().describe('SeatStatus'),
});
export type ShowSeat = z.infer<typeof ShowSeatSchema>;

/** A show's seat map: the theatre's layout (tiers, aisles, disabled cells) and its seats. */
export const ShowSeatsSchema = z.object({
  show: ShowRowSchema,
  rows: z.number().int(),
  cols: z.number().int(),
  areas: z.array(SeatAreaSchema),
  cells: z.array(SeatCellSchema).describe('aisles and disabled cells of the current map'),
  seats: z.array(ShowSeatSchema),
});
export type ShowSeats = z.infer<typeof ShowSeatsSchema>;

/** Staff block (4) or free again (1) seats of a show. */
export const ShowSeatStatusSchema = z
  .object({
    showId: IdSchema,
    seats: z
      .array(SeatRefSchema)
      .min(1, { error: key('required') })
      .max(SEATS_PER_CALL),
    status: z.union([z.literal(SEAT_STATUS.available), z.literal(SEAT_STATUS.blocked)]),
  })
  .strict();

export const TheatreProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  shelfStatus: z.number().int(),
});
export type TheatreProduct = z.infer<typeof TheatreProductSchema>;
