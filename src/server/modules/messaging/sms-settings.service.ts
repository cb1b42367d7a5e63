import { and, eq } from 'drizzle-orm';
import type {
  SmsPlatformSetting,
  SmsPlatformUpdate,
  SmsSettings,
  SmsTemplateSetting,
  SmsTemplateUpdate,
} from '../../../shared/api/messaging.ts';
import {
  SMS_PLATFORMS,
  SMS_PLATFORMS_AVAILABLE,
  SMS_TEMPLATES,
  SmsReason,
  unknownVariables,
  type SmsPlatformCode,
  type SmsUseCode,
} from '../../../shared/dict/messaging.ts';
import { variablesIn } from '../../../shared/message-text.ts';
import type { Db } from '../../db/client.ts';
import { FieldError } from '../../http/errors.ts';
import { sealedChange } from '../../lib/secret-box.ts';
import { messageKindOf } from './message-kinds.ts';
import { smsPlatforms, smsTemplates, smsUses } from './messaging.table.ts';

const stamp = (row: { updatedBy: number | null; updatedAt: Date } | undefined) =>
  row && row.updatedBy != null ? row.updatedAt.toISOString() : null;

/** /sys/smsconfig as the server shows it: every platform (secrets as set / not set), template and use. */
export async function smsSettingsOf(db: Db, scenicId: number): Promise<SmsSettings> {
  const [platformRows, templateRows, useRows] = await Promise.all([
    db.select().from(smsPlatforms).where(eq(smsPlatforms.scenicId, scenicId)),
    db.select().from(smsTemplates).where(eq(smsTemplates.scenicId, scenicId)),
    db.select().from(smsUses).where(eq(smsUses.scenicId, scenicId)),
  ]);
  const platforms = SMS_PLATFORMS.map((platform): SmsPlatformSetting => {
    const row = platformRows.find((r) => r.platform === platform);
    return {
      platform,
      available: (SMS_PLATFORMS_AVAILABLE as readonly number[]).includes(platform),
      enabled: row?.enabled ?? false,
      accessKeyId: row?.accessKeyId ?? '',
      secretSet: Boolean(row?.secretSealed),
      sdkAppId: row?.sdkAppId ?? '',
      region: row?.region ?? '',
      endpoint: row?.endpoint ?? '',
      signName: row?.signName ?? '',
      updateTime: stamp(row),
    };
  });
  const templates = SMS_TEMPLATES.map((template): SmsTemplateSetting => {
    const row = templateRows.find((r) => r.template === template);
    const kind = messageKindOf(template);
    return {
      template,
      enabled: row?.enabled ?? false,
      templateCode: row?.templateCode ?? '',
      signName: row?.signName ?? '',
      content: row?.content ?? kind?.text ?? '',
      variables: kind ? kind.variables.map((v) => ({ name: v.name, sample: v.sample })) : [],
      declared: kind !== undefined,
      updateTime: stamp(row),
    };
  });
  const uses = useRows
    .map((u) => ({ use: u.use as SmsUseCode, platform: u.platform as SmsPlatformCode }))
    .sort((a, b) => a.use - b.use);
  return { platforms, templates, uses };
}

const PLAIN = ['enabled', 'accessKeyId', 'sdkAppId', 'region', 'endpoint', 'signName'] as const;

/**
 * Saves one platform: an empty or left-out secret keeps the stored one, `clearSecret` removes it.
 * A platform is enabled only with what it needs to send. Answers the names of the changed fields
 * (the audit row keeps them, never the secret).
 */
export async function saveSmsPlatform(
  tx: Db,
  scenicId: number,
  adminId: number,
  input: SmsPlatformUpdate,
): Promise<{ id: number; changed: string[] }> {
  const [before] = await tx
    .select()
    .from(smsPlatforms)
    .where(and(eq(smsPlatforms.scenicId, scenicId), eq(smsPlatforms.platform, input.platform)))
    .for('update');
  const stored = before?.secretSealed ?? '';
  const sealed = sealedChange(stored, input.secret, input.clearSecret);
  const secretAfter = sealed ?? stored;
  if (input.enabled && input.platform !== 9) {
    if (!(SMS_PLATFORMS_AVAILABLE as readonly number[]).includes(input.platform))
      throw new FieldError('platform', SmsReason.notAvailable);
    if (!input.accessKeyId) throw new FieldError('accessKeyId', SmsReason.credentials);
    if (!secretAfter) throw new FieldError('secret', SmsReason.credentials);
    if (input.platform === 1 && !input.sdkAppId) throw new FieldError('sdkAppId', SmsReason.sdkAppId);
  }
  const changed: string[] = PLAIN.filter((f) => (before ? before[f] !== input[f] : true));
  if (sealed !== undefined) changed.push('secret');
  const values = {
    ...Object.fromEntries(PLAIN.map((f) => [f, input[f]])),
    ...(sealed !== undefined ? { secretSealed: sealed } : {}),
    updatedBy: adminId,
    updatedAt: new Date(),
  };
  if (before) {
    if (changed.length) await tx.update(smsPlatforms).set(values).where(eq(smsPlatforms.id, before.id));
    return { id: before.id, changed };
  }
  const [row] = await tx
    .insert(smsPlatforms)
    .values({ scenicId, platform: input.platform, ...values })
    .returning({ id: smsPlatforms.id });
  return { id: row!.id, changed };
}

/**
 * Saves one template. Its text may use only the variables the sending module fills in (a template
 * no module sends yet takes any). Answers the row before and after for the audit.
 */
export async function saveSmsTemplate(tx: Db, scenicId: number, adminId: number, input: SmsTemplateUpdate) {
  const kind = messageKindOf(input.template);
  if (kind) {
    const known = new Set<string>(kind.variables.map((v) => v.name));
    const unknown = variablesIn(input.content).filter((name) => !known.has(name));
    if (unknown.length) throw new FieldError('content', unknownVariables(unknown));
  }
  const [before] = await tx
    .select()
    .from(smsTemplates)
    .where(and(eq(smsTemplates.scenicId, scenicId), eq(smsTemplates.template, input.template)))
    .for('update');
  const values = { ...input, updatedBy: adminId, updatedAt: new Date() };
  const [after] = before
    ? await tx.update(smsTemplates).set(values).where(eq(smsTemplates.id, before.id)).returning()
    : await tx
        .insert(smsTemplates)
        .values({ scenicId, ...values })
        .returning();
  const shown = (r: typeof after) =>
    r && { enabled: r.enabled, templateCode: r.templateCode, signName: r.signName, content: r.content };
  return { id: after!.id, before: shown(before) ?? null, after: shown(after)! };
}

/** Replaces the area's use table; answers it before and after. */
export async function saveSmsUses(
  tx: Db,
  scenicId: number,
  uses: readonly { use: SmsUseCode; platform: SmsPlatformCode }[],
) {
  const before = await tx.select().from(smsUses).where(eq(smsUses.scenicId, scenicId)).for('update');
  await tx.delete(smsUses).where(eq(smsUses.scenicId, scenicId));
  if (uses.length) await tx.insert(smsUses).values(uses.map((u) => ({ scenicId, ...u })));
  const view = (rows: readonly { use: number; platform: number }[]) =>
    Object.fromEntries([...rows].sort((a, b) => a.use - b.use).map((u) => [u.use, u.platform]));
  return { before: view(before), after: view(uses) };
}
