import { z } from 'zod';
import { TimeOfDaySchema } from './common.ts';
import type { ValidationMessageKey } from './validation-messages.ts';

/** An entry window of a day, "HH:mm" to "HH:mm". */
export const TimeWindowSchema = z
  .object({ start: TimeOfDaySchema, end: TimeOfDaySchema })
  .strict()
  .refine((w) => w.start < w.end, { error: 'timeRange' satisfies ValidationMessageKey, path: ['end'] });
export type TimeWindow = z.infer<typeof TimeWindowSchema>;
