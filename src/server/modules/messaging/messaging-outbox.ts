import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsPlatformCode } from '../../../shared/dict/messaging.ts';
import { fillMessage, variablesIn } from '../../../shared/message-text.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { EgressError } from '../../lib/egress.ts';
import { startPeriodic } from '../../lib/periodic-job.ts';
import { open } from '../../lib/secret-box.ts';
import { outboxChannels, type Delivery } from './message-kinds.ts';
import { smsVendor, type SmsAnswer } from './sms-vendors/index.ts';
import { outboxMessages, smsPlatforms, smsTemplates, type OutboxMessageRow } from './messaging.table.ts';

/** How long a claimed message is held before another worker may take it (a worker that died). */
export const CLAIM_MS = 60_000;
/** Attempts before a message ends as failed. */
export const MAX_ATTEMPTS = 5;
/** The wait after each failed attempt that may succeed later. */
export const BACKOFF_MS = [30_000, 120_000, 600_000, 1_800_000] as const;
const BATCH = 20;
export const OUTBOX_INTERVAL_MS = 2_000;

/**
 * Claims due messages for this worker: queued ones whose time has come and sending ones whose
 * claim ran out. `FOR UPDATE SKIP LOCKED`: two workers never claim the same row, and each claim
 * counts an attempt.
 */
export async function claimDue(db: Db, now: Date, limit = BATCH): Promise<OutboxMessageRow[]> {
  const until = new Date(now.getTime() + CLAIM_MS);
  const claimed = await queryRows<{ id: number }>(
    db,
    sql`
    update outbox_messages set status = 1, attempts = attempts + 1, claimed_until = ${until.toISOString()}
    where id in (
      select id from outbox_messages
      where status in (0, 1) and next_attempt_at <= ${now.toISOString()}
        and (status = 0 or claimed_until < ${now.toISOString()})
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id`,
  );
  const ids = claimed.map((r) => Number(r.id));
  if (!ids.length) return [];
  return db
    .select()
    .from(outboxMessages)
    .where(sql`${outboxMessages.id} in (${sql.join(ids, sql`, `)})`)
    .orderBy(asc(outboxMessages.id));
}

/** The platform a message goes through: the use table's, else the area's first enabled one. */
async function platformFor(db: Db, message: OutboxMessageRow): Promise<SmsPlatformCode | null> {
  if (message.platform != null) return message.platform as SmsPlatformCode;
  const [chosen] = await queryRows<{ platform: number }>(
    db,
    sql`select p.platform from sms_platforms p
      left join sms_uses u on u.scenic_id = p.scenic_id and u.use = ${message.use} and u.platform = p.platform
      where p.scenic_id = ${message.scenicId} and p.enabled
      order by (u.use is null), p.platform limit 1`,
  );
  return chosen ? (Number(chosen.platform) as SmsPlatformCode) : null;
}

const refusal = (code: string, message: string): SmsAnswer => ({
  code,
  message,
  messageId: '',
  retry: false,
});

/** Sends one claimed message: an SMS through its platform's adapter, another channel through its plug. */
async function deliver(db: Db, message: OutboxMessageRow, now: Date): Promise<Delivery> {
  if (message.channel === 1) return deliverSms(db, message);
  const channel = outboxChannels.items.find((c) => c.channel === message.channel);
  if (!channel)
    return { answer: refusal('CONFIG', 'no module sends this channel'), platform: null, text: '' };
  try {
    return await channel.deliver(db, message, now);
  } catch (err) {
    const words = err instanceof EgressError ? err.message : 'the platform did not answer';
    return {
      answer: { code: 'EGRESS', message: words, messageId: '', retry: true },
      platform: null,
      text: '',
    };
  }
}

/** Sends one SMS through its platform's adapter: the answer, and the text as sent. */
async function deliverSms(db: Db, message: OutboxMessageRow): Promise<Delivery> {
  const platform = await platformFor(db, message);
  const [template] = await db
    .select()
    .from(smsTemplates)
    .where(and(eq(smsTemplates.scenicId, message.scenicId), eq(smsTemplates.template, message.template)));
  const text = template ? fillMessage(template.content, message.variables) : '';
  if (platform == null) return { answer: refusal('CONFIG', 'no SMS platform is enabled'), platform, text };
  const vendor = smsVendor(platform);
  const [account] = await db
    .select()
    .from(smsPlatforms)
    .where(and(eq(smsPlatforms.scenicId, message.scenicId), eq(smsPlatforms.platform, platform)));
  if (!vendor || !account || !template)
    return { answer: refusal('CONFIG', 'the platform or the template is not set up'), platform, text };
  const secret = account.secretSealed ? open(account.secretSealed) : '';
  if (secret == null) return { answer: refusal('CONFIG', 'the secret cannot be opened'), platform, text };
  try {
    const answer = await vendor.send(
      {
        platform,
        accessKeyId: account.accessKeyId,
        secret,
        sdkAppId: account.sdkAppId,
        region: account.region,
        endpoint: account.endpoint,
      },
      {
        phone: message.recipient,
        templateCode: template.templateCode,
        signName: template.signName || account.signName,
        params: message.variables,
        order: variablesIn(template.content),
        text,
      },
    );
    return { answer, platform, text };
  } catch (err) {
    // no answer: refused by the egress rule, unreachable, timed out; tried again later
    const words = err instanceof EgressError ? err.message : 'the platform did not answer';
    return { answer: { code: 'EGRESS', message: words, messageId: '', retry: true }, platform, text };
  }
}

/**
 * Records an attempt's outcome by compare-and-set on the claim (status 1 and the attempt counted
 * when claimed): a worker whose claim ran out and was taken over changes nothing.
 */
async function finish(
  db: Db,
  message: OutboxMessageRow,
  outcome: Delivery,
  now: Date,
): Promise<'sent' | 'retry' | 'failed' | 'lost'> {
  const { answer } = outcome;
  const sent = answer.code === '0';
  const again = !sent && answer.retry && message.attempts < MAX_ATTEMPTS;
  const status = sent ? 2 : again ? 0 : 3;
  const wait = BACKOFF_MS[Math.min(message.attempts, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0];
  const changed = await db
    .update(outboxMessages)
    .set({
      status,
      platform: outcome.platform,
      text: outcome.text.slice(0, 600),
      result: answer.code.slice(0, 64),
      resultMessage: answer.message.slice(0, 255),
      providerMessageId: answer.messageId.slice(0, 128),
      claimedUntil: null,
      sentAt: sent ? now : null,
      nextAttemptAt: again ? new Date(now.getTime() + wait) : now,
    })
    .where(
      and(
        eq(outboxMessages.id, message.id),
        eq(outboxMessages.status, 1),
        eq(outboxMessages.attempts, message.attempts),
      ),
    )
    .returning({ id: outboxMessages.id });
  if (!changed.length) return 'lost';
  return sent ? 'sent' : again ? 'retry' : 'failed';
}

export interface OutboxPass {
  sent: number;
  retry: number;
  failed: number;
  lost: number;
}

/** One pass of the worker: claims what is due and sends it, one message after another. */
export async function runOutbox(db: Db, now: () => Date = () => new Date()): Promise<OutboxPass> {
  const pass: OutboxPass = { sent: 0, retry: 0, failed: 0, lost: 0 };
  for (const message of await claimDue(db, now())) {
    const outcome = await deliver(db, message, now());
    pass[await finish(db, message, outcome, now())] += 1;
  }
  return pass;
}

/** The worker, safe with several instances (each claims its own rows). */
export function startOutboxJob(db: Db, log: FastifyBaseLogger, intervalMs = OUTBOX_INTERVAL_MS) {
  return startPeriodic(log, {
    name: 'outbox',
    intervalMs,
    run: () => runOutbox(db),
    worthLogging: (r) => r.sent + r.retry + r.failed + r.lost > 0,
  });
}
