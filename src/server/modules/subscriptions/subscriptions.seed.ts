import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { sandboxOpenid } from '../../../pay-sandbox/wechat-mp.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Config } from '../../lib/config.ts';
import { seal } from '../../lib/secret-box.ts';
import { mpApps, mpMembers, subscribeConsents, subscribeTemplates } from './subscriptions.table.ts';

let sandboxUrl = '';

/** The demo's mini-program calls the local sandbox's WeChat API (PAY_SANDBOX_URL), like its pay ways. */
export function configureSubscriptionsDemo(config: Config): void {
  sandboxUrl = config.paySandboxUrl;
}

/** How many of the demo's members have opened the mini-program and bound it. */
const BOUND_MEMBERS = 60;

/**
 * The demo area's mini-program against the pay sandbox's WeChat API (a fixed app id and secret per
 * area: the sandbox registers an app on first sight), two templates of use 1 (a one-time "purchase
 * success" and a long-term "visit reminder"), and members bound to WeChat with their consents: most
 * subscribed long-term, some with one-time acceptances left. docs/messaging.md "The demo".
 */
export async function seedDemoSubscriptions(tx: Db, scenicId: number): Promise<void> {
  const digest = (what: string) =>
    crypto.createHash('sha256').update(`demo-mp:${what}:${scenicId}`).digest('hex');
  const appId = `wx${digest('app').slice(0, 16)}`;
  await tx.insert(mpApps).values({
    scenicId,
    appId,
    secretSealed: seal(digest('secret').slice(0, 32)),
    apiBase: sandboxUrl,
    state: 1,
  });
  const [oneTime, longTerm] = await tx
    .insert(subscribeTemplates)
    .values([
      {
        scenicId,
        type: 2,
        use: 1,
        title: '购票成功通知',
        wxTemplateId: 'Kx2hQ7bU9mYc3VdL8pTzRfW1nE5aGsJ0oIuXy4Bk6Mq',
        fields: [
          { key: 'thing1', variable: 'product' },
          { key: 'character_string2', variable: 'orderNo' },
          { key: 'amount3', variable: 'amount' },
          { key: 'time4', variable: 'time' },
          { key: 'date5', variable: 'date' },
        ],
        page: 'pages/order/detail',
      },
      {
        scenicId,
        type: 3,
        use: 1,
        title: '入园提醒',
        wxTemplateId: 'bT5rN8wQ1zXc4VmK7pLs2DfG9hJ3aE6yUiOo0RtWq8Z',
        fields: [
          { key: 'thing1', variable: 'area' },
          { key: 'thing2', variable: 'product' },
          { key: 'date3', variable: 'date' },
          { key: 'number4', variable: 'quantity' },
        ],
        page: 'pages/ticket/list',
      },
    ])
    .returning({ id: subscribeTemplates.id });
  const bound = await queryRows<{ id: number }>(
    tx,
    sql`select id from members where scenic_id = ${scenicId} and phone is not null and status = 1
        order by id limit ${BOUND_MEMBERS}`,
  );
  if (!bound.length) return;
  await tx.insert(mpMembers).values(
    bound.map((m) => ({
      scenicId,
      memberId: Number(m.id),
      appId,
      openid: sandboxOpenid(appId, `demo-${m.id}`),
    })),
  );
  const consents = bound.flatMap((m, i) => {
    const memberId = Number(m.id);
    const rows = [];
    if (i % 3 !== 2)
      rows.push({
        scenicId,
        templateId: longTerm!.id,
        memberId,
        accepted: true,
        remaining: 0,
        answer: 'accept',
      });
    else
      rows.push({
        scenicId,
        templateId: longTerm!.id,
        memberId,
        accepted: false,
        remaining: 0,
        answer: 'reject',
      });
    if (i % 2 === 0)
      rows.push({
        scenicId,
        templateId: oneTime!.id,
        memberId,
        accepted: true,
        remaining: 1 + (i % 3),
        answer: 'accept',
      });
    return rows;
  });
  await tx.insert(subscribeConsents).values(consents);
}
