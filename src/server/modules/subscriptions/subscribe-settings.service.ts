import { and, eq, sql } from 'drizzle-orm';
import type {
  MpAppSetting,
  MpAppTestResult,
  MpAppUpdate,
  SubscribeSettings,
  SubscribeTemplate,
  SubscribeTemplateCreate,
} from '../../../shared/api/subscriptions.ts';
import {
  SUBSCRIBE_USE_VARIABLES,
  SUBSCRIBE_USES,
  SubscribeReason,
  type MpStateCode,
} from '../../../shared/dict/subscriptions.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { EgressError } from '../../lib/egress.ts';
import { open, sealedChange } from '../../lib/secret-box.ts';
import { ticketPaidKind } from '../order-admin/index.ts';
import {
  mpApps,
  subscribeTemplates,
  type MpAppRow,
  type SubscribeTemplateRow,
} from './subscriptions.table.ts';
import { accessToken, type MpCredentials } from './wechat-mp.client.ts';

const stamp = (row: { updatedBy: number | null; updatedAt: Date } | undefined) =>
  row && row.updatedBy != null ? row.updatedAt.toISOString() : null;

/** The samples the preview fills in: the ticket SMS's, and a payment time. */
const SAMPLES: Record<string, string> = {
  ...Object.fromEntries(ticketPaidKind.variables.map((v) => [v.name, v.sample])),
  time: '2026-11-28 10:30',
};

const appSetting = (row: MpAppRow | undefined): MpAppSetting => ({
  appId: row?.appId ?? '',
  secretSet: Boolean(row?.secretSealed),
  apiBase: row?.apiBase ?? '',
  state: (row?.state ?? 1) as MpStateCode,
  updateTime: stamp(row),
});

/** The templates as listed, with how many members' consents let a message go now. */
export async function templatesOf(db: Db, scenicId: number, id?: number): Promise<SubscribeTemplate[]> {
  const rows = await db
    .select()
    .from(subscribeTemplates)
    .where(and(eq(subscribeTemplates.scenicId, scenicId), id ? eq(subscribeTemplates.id, id) : undefined))
    .orderBy(subscribeTemplates.id);
  const counts = await queryRows<{ template_id: number; n: number }>(
    db,
    sql`select c.template_id, count(*)::int as n from subscribe_consents c
        join subscribe_templates t on t.id = c.template_id
        where c.scenic_id = ${scenicId} and (case when t.type = 3 then c.accepted else c.remaining > 0 end)
        group by c.template_id`,
  );
  const consents = new Map(counts.map((c) => [Number(c.template_id), Number(c.n)]));
  return rows.map((r) => ({
    id: r.id,
    type: r.type as 2 | 3,
    use: r.use as 1,
    title: r.title,
    wxTemplateId: r.wxTemplateId,
    fields: r.fields,
    page: r.page,
    enabled: r.enabled,
    consents: consents.get(r.id) ?? 0,
    updateTime: stamp(r),
  }));
}

/** /sys/subscribe as the server shows it: the mini-program (secret as set / not set), the templates, the uses' variables. */
export async function subscribeSettingsOf(db: Db, scenicId: number): Promise<SubscribeSettings> {
  const [app] = await db.select().from(mpApps).where(eq(mpApps.scenicId, scenicId));
  return {
    app: appSetting(app),
    templates: await templatesOf(db, scenicId),
    uses: SUBSCRIBE_USES.map((use) => ({
      use,
      variables: SUBSCRIBE_USE_VARIABLES[use].map((name) => ({ name, sample: SAMPLES[name] ?? '' })),
    })),
  };
}

const PLAIN = ['appId', 'apiBase', 'state'] as const;

/**
 * Saves the mini-program: an empty or left-out secret keeps the stored one, `clearSecret` removes it.
 * Answers the setting and the names of the changed fields (the audit keeps them, never the secret).
 */
export async function saveMpApp(tx: Db, scenicId: number, adminId: number, input: MpAppUpdate) {
  const [before] = await tx.select().from(mpApps).where(eq(mpApps.scenicId, scenicId)).for('update');
  const sealed = sealedChange(before?.secretSealed ?? '', input.secret, input.clearSecret);
  const changed: string[] = PLAIN.filter((f) => (before ? before[f] !== input[f] : input[f] !== ''));
  if (sealed !== undefined) changed.push('secret');
  const values = {
    appId: input.appId,
    apiBase: input.apiBase,
    state: input.state,
    ...(sealed !== undefined ? { secretSealed: sealed } : {}),
    updatedBy: adminId,
    updatedAt: new Date(),
  };
  const [after] = await tx
    .insert(mpApps)
    .values({ scenicId, ...values })
    .onConflictDoUpdate({ target: mpApps.scenicId, set: values })
    .returning();
  return { setting: appSetting(after), changed };
}

/** The area's app as the WeChat client takes it; null when its app id or secret is missing. */
export async function credentialsOf(
  db: Db,
  scenicId: number,
): Promise<(MpCredentials & { state: number }) | null> {
  const [app] = await db.select().from(mpApps).where(eq(mpApps.scenicId, scenicId));
  const secret = app?.secretSealed ? open(app.secretSealed) : null;
  if (!app?.appId || !secret) return null;
  return { appId: app.appId, secret, apiBase: app.apiBase, state: app.state };
}

/** "Test": a new access token asked of WeChat with the saved app id and secret (and stored for the sender). */
export async function testMpApp(db: Db, scenicId: number): Promise<MpAppTestResult> {
  const credentials = await credentialsOf(db, scenicId);
  if (!credentials) return { ok: false, code: 'CONFIG', message: 'app id or secret not set' };
  try {
    const got = await accessToken(db, credentials, new Date(), true);
    if ('token' in got) return { ok: true, code: '0', message: 'access token issued' };
    return { ok: false, code: String(got.refusal.errcode), message: got.refusal.errmsg };
  } catch (err) {
    if (err instanceof EgressError) return { ok: false, code: 'EGRESS', message: err.message };
    throw err;
  }
}

const shown = (r: SubscribeTemplateRow | undefined) =>
  r && {
    type: r.type,
    title: r.title,
    wxTemplateId: r.wxTemplateId,
    fields: r.fields,
    page: r.page,
    enabled: r.enabled,
  };

/** Creates or updates a template; the WeChat template id is the area's once (400 on it otherwise). */
export async function saveTemplate(
  tx: Db,
  scenicId: number,
  adminId: number,
  input: SubscribeTemplateCreate & { id?: number },
) {
  const { id, ...values } = input;
  const [clash] = await tx
    .select({ id: subscribeTemplates.id })
    .from(subscribeTemplates)
    .where(
      and(eq(subscribeTemplates.scenicId, scenicId), eq(subscribeTemplates.wxTemplateId, input.wxTemplateId)),
    );
  if (clash && clash.id !== id) throw new FieldError('wxTemplateId', SubscribeReason.templateTaken);
  let before: SubscribeTemplateRow | undefined;
  if (id) {
    [before] = await tx
      .select()
      .from(subscribeTemplates)
      .where(and(eq(subscribeTemplates.id, id), eq(subscribeTemplates.scenicId, scenicId)))
      .for('update');
    if (!before) throw new AppError(404, 'subscribeTemplateNotFound');
  }
  const stamped = { ...values, updatedBy: adminId, updatedAt: new Date() };
  const [after] = before
    ? await tx.update(subscribeTemplates).set(stamped).where(eq(subscribeTemplates.id, before.id)).returning()
    : await tx
        .insert(subscribeTemplates)
        .values({ scenicId, ...stamped })
        .returning();
  return { id: after!.id, before: shown(before) ?? null, after: shown(after)! };
}

/** Deletes a template with its members' consents; its messages stay in the log. */
export async function deleteTemplate(tx: Db, scenicId: number, id: number) {
  const [gone] = await tx
    .delete(subscribeTemplates)
    .where(and(eq(subscribeTemplates.id, id), eq(subscribeTemplates.scenicId, scenicId)))
    .returning();
  if (!gone) throw new AppError(404, 'subscribeTemplateNotFound');
  return shown(gone)!;
}
