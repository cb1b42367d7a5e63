import { eq } from 'drizzle-orm';
import type { ScenicSettings, ScenicSettingsUpdate } from '../../../shared/api/settings.ts';
import { REFUND_RULE, REFUND_UNIT } from '../../../shared/dict/ticket.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { scenicAreas } from '../scenic/scenic.table.ts';
import { scenicSettings } from './settings.table.ts';

/** What an area runs on until it saves its own settings (contact and phone come from the area). */
export const DEFAULT_SETTINGS: Omit<ScenicSettingsUpdate, 'contact' | 'phone' | 'notice'> & {
  acceptLatePayment: boolean;
} = {
  openTime: '08:00',
  closeTime: '18:00',
  refundRule: REFUND_RULE.conditional,
  refundDeadlineHours: 24,
  refundFeeUnit: REFUND_UNIT.percent,
  refundFeeValue: 0,
  realNameType: 2,
  printType: 1,
  acceptLatePayment: true,
};

export type SettingsRow = typeof scenicSettings.$inferSelect;

/**
 * The settings of a scenic area, or its defaults when it has saved none; other modules read their
 * ticket defaults (refund rule, real-name and print type) here. 404 when the area does not exist.
 */
export async function getScenicSettings(db: Db, scenicId: number): Promise<ScenicSettings> {
  const [found] = await db
    .select({ area: scenicAreas, settings: scenicSettings })
    .from(scenicAreas)
    .leftJoin(scenicSettings, eq(scenicSettings.scenicId, scenicAreas.id))
    .where(eq(scenicAreas.id, scenicId));
  if (!found) throw new AppError(404, 'scenicNotFound');
  const { area, settings } = found;
  if (!settings) {
    return {
      scenicId,
      scenicName: area.name,
      contact: area.contact,
      phone: area.phone,
      notice: '',
      ...DEFAULT_SETTINGS,
      saved: false,
      updateTime: null,
    };
  }
  return toSettings(settings, area.name);
}

export function toSettings(row: SettingsRow, scenicName: string): ScenicSettings {
  return {
    scenicId: row.scenicId,
    scenicName,
    contact: row.contact,
    phone: row.phone,
    openTime: row.openTime,
    closeTime: row.closeTime,
    notice: row.notice,
    refundRule: row.refundRule,
    refundDeadlineHours: row.refundDeadlineHours,
    refundFeeUnit: row.refundFeeUnit,
    refundFeeValue: row.refundFeeValue,
    realNameType: row.realNameType,
    printType: row.printType,
    acceptLatePayment: row.acceptLatePayment,
    saved: true,
    updateTime: row.updatedAt.toISOString(),
  };
}

/** Inserts or replaces an area's settings (no audit: the route writes it in the same transaction). */
export async function saveScenicSettings(
  db: Db,
  scenicId: number,
  values: ScenicSettingsUpdate,
  updatedBy: number | null,
): Promise<SettingsRow> {
  const now = new Date();
  const [row] = await db
    .insert(scenicSettings)
    .values({ scenicId, ...values, updatedBy })
    .onConflictDoUpdate({ target: scenicSettings.scenicId, set: { ...values, updatedBy, updatedAt: now } })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}
