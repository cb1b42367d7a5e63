import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardKindOptionApi as api, type CardKindOption } from '../../../shared/api/card-kind-options.ts';
import type { CardKindRow } from '../../../shared/api/cards.ts';
import { data, expect400 } from '../../test/replies.ts';
import { openCardApp } from './cards.fixture.ts';

let c: Awaited<ReturnType<typeof openCardApp>>;
let onSale: CardKindRow;
let offShelf: CardKindRow;
let windowOnly: CardKindRow;
let other: CardKindRow;

beforeAll(async () => {
  c = await openCardApp();
  onSale = await c.kind({ name: '选项年卡', price: 12_300 });
  offShelf = await c.kind({ name: '选项下架卡', status: 2 });
  windowOnly = await c.kind({ name: '选项窗口卡', channels: ['winManagement'] });
  other = await c.kind({ name: '云岭选项卡' }, 'yunling');
});
afterAll(() => c.t.close());

const options = (who: string, url: string, query = '') =>
  data<CardKindOption[]>(c.call(who, 'GET', `${url}${query}`));

describe('card kind options (the kind pickers of the card screens)', () => {
  it('answers 403 without the card permissions', async () => {
    expect((await c.call('staff', 'GET', api.orders)).statusCode).toBe(403);
    expect((await c.call('staff', 'GET', api.cards)).statusCode).toBe(403);
    // the order desk: orders only, no admin:card:kind:query
    await c.t.grant('staff', ['admin:card:order:query']);
    c.tok.staff = (await c.t.login('staff')).access_token;
    expect((await c.call('staff', 'GET', api.cards)).statusCode).toBe(403);
  });

  it('lists the area’s kinds (id, name, price, shelf, entries in all) to a caller with the order permission only', async () => {
    const rows = await options('staff', api.orders);
    expect(rows.find((k) => k.id === onSale.id)).toEqual({
      id: onSale.id,
      name: '选项年卡',
      price: 12_300,
      status: 1,
      totalEntries: 0,
    });
    expect(rows.map((k) => k.id)).toEqual(expect.arrayContaining([offShelf.id, windowOnly.id]));
    // the kind screens themselves stay closed to it
    expect((await c.call('staff', 'POST', '/web/api/admin/cardKind/page', {})).statusCode).toBe(403);
  });

  it('forSale=true keeps those the back office sells now (on shelf, sold by the back office)', async () => {
    const ids = (await options('admin', api.orders, '?forSale=true')).map((k) => k.id);
    expect(ids).toContain(onSale.id);
    expect(ids).not.toContain(offShelf.id);
    expect(ids).not.toContain(windowOnly.id);
    expect400(await c.call('admin', 'GET', `${api.orders}?forSale=yes`), 'forSale');
    expect400(await c.call('admin', 'GET', `${api.orders}?status=1`), 'status');
  });

  it('shows another area none of this one’s kinds', async () => {
    const theirs = (await options('yunling', api.cards)).map((k) => k.id);
    expect(theirs).toContain(other.id);
    expect(theirs).not.toContain(onSale.id);
    const ours = (await options('admin', api.cards)).map((k) => k.id);
    expect(ours).not.toContain(other.id);
  });
});
