import { eq, sql } from 'drizzle-orm';
import type { ScenicSettings, ScenicSettingsUpdate } from '../../../shared/api/settings.ts';
import { REFUND_RULE, REFUND_UNIT } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { extensionPoint } from '../../lib/extension-point.ts';
import { scenicAreas } from '../scenic/index.ts';
import { scenicSettings } from './settings.table.ts';

/**
 * Extension point "time zone changes" (docs/architecture.md "Extension points"): what keeps days of
 * the area's clock (orders' daily totals) moves them to the new zone in the same save.
 */
export interface ZoneChangeListener {
  name: string;
  zoneChanged(db: Db, scenicId: number): Promise<void>;
}

export const zoneChangeListeners = extensionPoint<ZoneChangeListener>('settings.zoneChangeListeners');

/**
 * What an area runs on until it saves its own settings (contact, phone and time zone come from the
 * area).
 */
export const DEFAULT_SETTINGS: Omit<ScenicSettingsUpdate, 'contact' | 'phone' | 'notice' | 'timeZone'> & {
  acceptLatePayment: boolean;
  twoPersonPayout: boolean;
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
  // money out needs two people unless the area says otherwise (docs/accounts.md)
  twoPersonPayout: true,
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
      timeZone: area.timeZone,
      saved: false,
      updateTime: null,
    };
  }
  return toSettings(settings, area);
}

export function toSettings(row: SettingsRow, area: { name: string; timeZone: string }): ScenicSettings {
  return {
    scenicId: row.scenicId,
    scenicName: area.name,
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
    twoPersonPayout: row.twoPersonPayout,
    timeZone: area.timeZone,
    saved: true,
    updateTime: row.updatedAt.toISOString(),
  };
}

/**
 * Inserts or replaces an area's settings (no audit: the route writes it in the same transaction).
 * A new time zone is stored on the area and moves its order totals to the new days, so call it in
 * a transaction.
 */
export async function saveScenicSettings(
  db: Db,
  scenicId: number,
  input: ScenicSettingsUpdate,
  updatedBy: number | null,
): Promise<SettingsRow> {
  const { timeZone, ...values } = input;
  const now = new Date();
  const [row] = await db
    .insert(scenicSettings)
    .values({ scenicId, ...values, updatedBy })
    .onConflictDoUpdate({ target: scenicSettings.scenicId, set: { ...values, updatedBy, updatedAt: now } })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  if (timeZone !== undefined) await setAreaTimeZone(db, scenicId, timeZone);
  return row;
}

/** Changes an area's clock (when it differs) and moves its daily order totals to the new days. */
async function setAreaTimeZone(db: Db, scenicId: number, timeZone: string): Promise<void> {
  try {
    // the database must know the name too (its zone data and the runtime's differ in age)
    await db.execute(sql`select now() at time zone ${timeZone}`);
  } catch (error) {
    const code = (error as { code?: string; cause?: { code?: string } }).cause?.code;
    if (code === '22023' || (error as { code?: string }).code === '22023')
      throw new FieldError('timeZone', ValidationMessage.timeZone);
    throw error;
  }
  const changed = await db
    .update(scenicAreas)
    .set({ timeZone, updatedAt: new Date() })
    .where(sql`${scenicAreas.id} = ${scenicId} and ${scenicAreas.timeZone} <> ${timeZone}`)
    .returning({ id: scenicAreas.id });
  if (changed.length) for (const l of zoneChangeListeners.items) await l.zoneChanged(db, scenicId);
}
