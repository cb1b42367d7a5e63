import { z } from 'zod';
import { GateType } from '../dict/ticket.ts';
import { EnableStatusSchema } from './accounts.ts';
import { dictCodeSchema, endpoints, listQuerySchema } from './common.ts';

export const gateApi = endpoints('/web/api/ticket/gate', ['page']);

export const GateTypeSchema = dictCodeSchema(GateType);

export const GATE_SORT_FIELDS = ['code', 'name', 'gateType', 'createTime'] as const;

/** docs/product.md §7 POST /web/api/ticket/gate/page. */
export const GatePageSchema = listQuerySchema(GATE_SORT_FIELDS, {
  name: z.string().trim().max(50).optional(),
  gateType: GateTypeSchema.optional(),
  status: EnableStatusSchema.optional(),
});
export type GatePage = z.infer<typeof GatePageSchema>;

export const GateRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  gateType: z.number().int().describe('GateType: 10 entry, 11 exit, 20 timer start, 21 timer pause'),
  location: z.string(),
  status: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type GateRow = z.infer<typeof GateRowSchema>;

/** A gate in a select (staff-card form). */
export const GateOptionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  gateType: z.number().int(),
  status: z.number().int(),
});
export type GateOption = z.infer<typeof GateOptionSchema>;
