import { z } from 'zod';
import { SeatKind } from '../dict/ticket.ts';
import { dictCodeSchema } from './common.ts';

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
    label: z.string().trim().max(16).optional(),
  })
  .strict();
export type SeatCell = z.infer<typeof SeatCellSchema>;
