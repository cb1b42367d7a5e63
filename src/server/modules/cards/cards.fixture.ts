// What the card tests share: the app, its accounts and a sale through the HTTP layer.
import type { SQL } from 'drizzle-orm';
import {
  cardKindApi,
  cardOrderApi,
  type CardKindRow,
  type CardOrderDetail,
} from '../../../shared/api/cards.ts';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { callsAs, data } from '../../test/replies.ts';

export const CARD_PERMS = [
  'admin:card:kind:query',
  'admin:card:kind:update',
  'admin:card:query',
  'admin:card:update',
  'admin:card:order:query',
  'admin:card:order:create',
  'admin:card:order:refund',
];

/** A kind anyone may buy at the back office: 30 days from activation, no real name, no photo. */
export const plainKind = {
  name: '测试月卡',
  price: 9_900,
  validityType: 1,
  validDays: 30,
  status: 1,
  realName: 2,
  channels: ['backstageManagement'],
};

/** A valid 18-digit ID number (GB 11643). */
export const ID_NUMBER = '11010519491231002X';

/** The test app with admin (every permission), staff (none) and yunling (another area, every card permission). */
export async function openCardApp() {
  const t: TestApp = await createTestApp({ loginRateLimit: 1000 });
  await t.grant('yunling', CARD_PERMS);
  const tok: Record<string, string> = {};
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  const calls = callsAs(() => t, tok);
  const kind = async (extra: Record<string, unknown> = {}, who = 'admin') =>
    data<CardKindRow>(calls.call(who, 'POST', cardKindApi.create, { ...plainKind, ...extra }));
  const sell = async (kindId: number, extra: Record<string, unknown> = {}, who = 'admin') =>
    data<CardOrderDetail>(
      calls.call(who, 'POST', cardOrderApi.create, {
        kindId,
        buyer: { name: '王建华', phone: '13900001234' },
        payWay: 1,
        ...extra,
      }),
    );
  const sqlRows = <T>(query: SQL) => queryRows<T>(t.database.db, query);
  return { t, tok, ...calls, kind, sell, sqlRows };
}
