import { isAutoSeatLabel, labelSeats, type SeatArea, type SeatCell } from '../../../shared/api/theatres.ts';
import { SEAT_KIND } from '../../../shared/dict/theatres.ts';

/** A cell of the editor's grid: null is empty space. */
export type Grid = (SeatCell | null)[][];
export type Tool = 'seat' | 'aisle' | 'disabled' | 'erase';

/** Labels the server generated ("N排M号") are dropped on load and regenerated on save. */
export const isAutoLabel = isAutoSeatLabel;

export function toGrid(rows: number, cols: number, seats: readonly SeatCell[]): Grid {
  const grid: Grid = Array.from({ length: rows }, () => Array<SeatCell | null>(cols).fill(null));
  for (const s of seats) {
    const row = grid[s.r];
    if (!row || s.c >= cols) continue;
    row[s.c] =
      s.kind === SEAT_KIND.seat
        ? { r: s.r, c: s.c, kind: s.kind, area: s.area, ...(isAutoLabel(s.label) ? {} : { label: s.label }) }
        : { r: s.r, c: s.c, kind: s.kind };
  }
  return grid;
}

/** The cells to save: every non-empty cell, seats labelled where they have no custom label. */
export function fromGrid(grid: Grid): SeatCell[] {
  return labelSeats(grid.flat().filter((c): c is SeatCell => c !== null));
}

/** Paints one cell; the same grid back when nothing changes (so React skips the render). */
export function paint(grid: Grid, r: number, c: number, tool: Tool, area: string | undefined): Grid {
  const row = grid[r];
  if (!row || c >= row.length) return grid;
  const old = row[c] ?? null;
  let next: SeatCell | null;
  if (tool === 'erase') next = null;
  else if (tool === 'seat') {
    if (!area) return grid;
    next = {
      r,
      c,
      kind: SEAT_KIND.seat,
      area,
      ...(old?.kind === SEAT_KIND.seat && old.label ? { label: old.label } : {}),
    };
  } else next = { r, c, kind: tool === 'aisle' ? SEAT_KIND.aisle : SEAT_KIND.disabled };
  if (old?.kind === next?.kind && old?.area === next?.area) return grid;
  if (!old && !next) return grid;
  const nextRow = row.slice();
  nextRow[c] = next;
  const out = grid.slice();
  out[r] = nextRow;
  return out;
}

/** How many non-empty cells a resize to rows × cols drops. */
export function droppedBy(grid: Grid, rows: number, cols: number): number {
  let n = 0;
  grid.forEach((row, r) => row.forEach((cell, c) => (cell && (r >= rows || c >= cols) ? n++ : 0)));
  return n;
}

/** The grid grown (with empty space) or cut to rows × cols; unchanged rows keep their identity. */
export function resize(grid: Grid, rows: number, cols: number): Grid {
  return Array.from({ length: rows }, (_, r) => {
    const row = grid[r];
    if (!row) return Array<SeatCell | null>(cols).fill(null);
    if (row.length === cols) return row;
    return row.length > cols
      ? row.slice(0, cols)
      : [...row, ...Array<SeatCell | null>(cols - row.length).fill(null)];
  });
}

/** Row header numbers: only rows with a seat are counted (as the server labels them). */
export function rowNumbers(grid: Grid): string[] {
  let n = 0;
  return grid.map((row) => (row.some((c) => c?.kind === SEAT_KIND.seat) ? String(++n) : ''));
}

/** The grid without the seats of a tier (a removed tier leaves empty space). */
export function removeArea(grid: Grid, key: string): Grid {
  return grid.map((row) =>
    row.some((c) => c?.area === key) ? row.map((c) => (c?.area === key ? null : c)) : row,
  );
}

export function seatCountOf(grid: Grid, area?: string): number {
  let n = 0;
  for (const row of grid)
    for (const c of row) if (c?.kind === SEAT_KIND.seat && (area === undefined || c.area === area)) n++;
  return n;
}

/** A tier key not used yet: T1, T2, … */
export function nextAreaKey(areas: readonly SeatArea[]): string {
  for (let i = 1; ; i++) if (!areas.some((a) => a.key === `T${i}`)) return `T${i}`;
}

const PALETTE = ['#E6A23C', '#409EFF', '#67C23A', '#F56C6C', '#9254DE', '#13C2C2', '#FA8C16', '#2F54EB'];
export const nextColor = (areas: readonly SeatArea[]) =>
  PALETTE.find((p) => !areas.some((a) => a.color.toLowerCase() === p.toLowerCase())) ?? PALETTE[0]!;
