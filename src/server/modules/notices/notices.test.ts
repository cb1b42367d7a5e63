import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { insertTicketProduct } from '../../test/products.ts';
import { auditLogs } from '../audit/audit.table.ts';
import { noticeTemplates, ticketAgreements } from './notices.table.ts';
import { DEMO_AGREEMENT_TITLE } from './notices.seed.ts';

const AGR = '/web/api/admin/explainRule';
const NTC = '/web/api/admin/instructions';

let t: TestApp;
const tokens = { admin: '', staff: '', yunling: '' };
type Who = keyof typeof tokens;

beforeAll(async () => {
  t = await createTestApp();
  // yunling (area 2) may manage both screens: its own area's records, never area 1's
  await t.grant('yunling', [
    'admin:explainRule:page',
    'admin:explainRule:create',
    'admin:explainRule:update',
    'admin:explainRule:delete',
    'admin:instructions:page',
    'admin:instructions:create',
    'admin:instructions:update',
    'admin:instructions:delete',
  ]);
  for (const name of Object.keys(tokens) as Who[]) tokens[name] = (await t.login(name)).access_token;
});
afterAll(() => t.close());

const call = (who: Who, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(tokens[who], method, url, body);

/** A product of area `scenicId` pointing at the agreement / notice (straight in the database). */
function productUsing(scenicId: number, link: { agreementId?: number; noticeId?: number }) {
  return insertTicketProduct(t.database.db, `测试类型${Math.random().toString(36).slice(2, 8)}`, {
    scenicId,
    name: '测试门票',
    price: 8000,
    ...link,
  });
}

const RICH = '<p style="text-align: center">欢迎 <strong>光临</strong></p><ul><li><p>一</p></li></ul>';

describe('demo seed', () => {
  it('gives area 1 the agreement and four notice templates with sanitised content', async () => {
    const agreements = await call('admin', 'POST', `${AGR}/page`, {});
    expect(agreements.statusCode).toBe(200);
    const rows = agreements.json().data.rows as { title: string; content: string }[];
    const demo = rows.find((r) => r.title === DEMO_AGREEMENT_TITLE);
    expect(demo?.content).toContain('<h3>一、购票与实名</h3>');
    expect(demo?.content).not.toContain('\n');

    const notices = await call('admin', 'POST', `${NTC}/page`, { sort: 'sort', order: 'asc' });
    expect(
      (notices.json().data.rows as { title: string; noticeType: number }[]).map((r) => [
        r.title,
        r.noticeType,
      ]),
    ).toEqual([
      ['购票须知', 1],
      ['入园须知', 2],
      ['退票说明', 3],
      ['优惠政策', 5],
    ]);
  });
});

describe('ticket agreements', () => {
  it('creates, reads, lists, updates and deletes, sanitising the HTML and writing the audit log', async () => {
    const created = await call('admin', 'POST', `${AGR}/create`, {
      title: '  团队票协议 ',
      content: `${RICH}<script>alert(1)</script><img src="x" onerror="alert(1)">`,
      sort: 3,
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;

    const one = await call('admin', 'GET', `${AGR}/query?id=${id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id, title: '团队票协议', content: RICH, status: 1, sort: 3 });

    const listed = await call('admin', 'POST', `${AGR}/page`, { title: '团队' });
    expect(listed.json().data.total).toBe(1);
    expect(listed.json().data.rows[0]).toMatchObject({ id, content: RICH });

    const updated = await call('admin', 'POST', `${AGR}/update`, {
      id,
      title: '团队票协议（2025 版）',
      content: '<p>新内容 <a href="javascript:alert(1)">链接</a></p>',
    });
    expect(updated.statusCode).toBe(200);
    const after = (await call('admin', 'GET', `${AGR}/query?id=${id}`)).json().data;
    expect(after).toMatchObject({
      title: '团队票协议（2025 版）',
      content: '<p>新内容 <a>链接</a></p>',
      sort: 3,
    });

    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'agreement'), eq(auditLogs.targetId, String(id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'update']);

    expect((await call('admin', 'GET', `${AGR}/delete?id=${id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `${AGR}/query?id=${id}`)).statusCode).toBe(404);
  });

  it('filters by status and sorts by title, sort and updateTime', async () => {
    const a = (
      await call('admin', 'POST', `${AGR}/create`, { title: '甲协议', content: '<p>a</p>', status: 2 })
    ).json().data.id as number;
    const disabled = await call('admin', 'POST', `${AGR}/page`, { status: 2 });
    expect((disabled.json().data.rows as { id: number }[]).map((r) => r.id)).toEqual([a]);
    for (const sort of ['sort', 'title', 'updateTime']) {
      const res = await call('admin', 'POST', `${AGR}/page`, { sort, order: 'asc' });
      expect(res.statusCode, sort).toBe(200);
    }
    const bad = await call('admin', 'POST', `${AGR}/page`, { sort: 'content' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toMatchObject({ field: 'sort' });
    const unknown = await call('admin', 'POST', `${AGR}/page`, { name: 'x' });
    expect(unknown.statusCode).toBe(400);
    await call('admin', 'GET', `${AGR}/delete?id=${a}`);
  });

  it('answers 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ content: '<p>x</p>' }, 'title'],
      [{ title: 'x'.repeat(101), content: '<p>x</p>' }, 'title'],
      [{ title: 't' }, 'content'],
      [{ title: 't', content: '   ' }, 'content'],
      // nothing left once sanitised
      [{ title: 't', content: '<script>alert(1)</script><p> &nbsp; </p>' }, 'content'],
      [{ title: 't', content: '<p></p>' }, 'content'],
      [{ title: 't', content: `<p>${'长'.repeat(100_001)}</p>` }, 'content'],
      [{ title: 't', content: '<p>x</p>', status: 3 }, 'status'],
      [{ title: 't', content: '<p>x</p>', sort: -1 }, 'sort'],
      [{ title: 't', content: '<p>x</p>', extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await call('admin', 'POST', `${AGR}/create`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().data, JSON.stringify(body).slice(0, 80)).toMatchObject({ field });
    }
    const noId = await call('admin', 'POST', `${AGR}/update`, { title: 'x' });
    expect(noId.json().data).toMatchObject({ field: 'id' });
    const badId = await call('admin', 'GET', `${AGR}/query?id=abc`);
    expect(badId.statusCode).toBe(400);
    const noIds = await call('admin', 'POST', `${AGR}/status`, { ids: [], status: 1 });
    expect(noIds.json().data).toMatchObject({ field: 'ids' });
  });

  it('answers 403 without the permission', async () => {
    expect((await call('staff', 'POST', `${AGR}/page`, {})).statusCode).toBe(403);
    expect((await call('staff', 'GET', `${AGR}/query?id=1`)).statusCode).toBe(403);
    expect(
      (await call('staff', 'POST', `${AGR}/create`, { title: 't', content: '<p>x</p>' })).statusCode,
    ).toBe(403);
    expect((await call('staff', 'POST', `${AGR}/update`, { id: 1, title: 't' })).statusCode).toBe(403);
    expect((await call('staff', 'GET', `${AGR}/delete?id=1`)).statusCode).toBe(403);
    expect((await call('staff', 'POST', `${AGR}/status`, { ids: [1], status: 2 })).statusCode).toBe(403);
  });

  it("keeps another area's agreements invisible (404, not listed)", async () => {
    const [demo] = await t.database.db
      .select()
      .from(ticketAgreements)
      .where(eq(ticketAgreements.title, DEMO_AGREEMENT_TITLE));
    const id = demo!.id;
    const list = await call('yunling', 'POST', `${AGR}/page`, {});
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(DEMO_AGREEMENT_TITLE);
    expect((await call('yunling', 'GET', `${AGR}/query?id=${id}`)).statusCode).toBe(404);
    expect((await call('yunling', 'POST', `${AGR}/update`, { id, title: '改' })).statusCode).toBe(404);
    expect((await call('yunling', 'GET', `${AGR}/delete?id=${id}`)).statusCode).toBe(404);
    expect((await call('yunling', 'POST', `${AGR}/status`, { ids: [id], status: 2 })).statusCode).toBe(404);
    const [still] = await t.database.db.select().from(ticketAgreements).where(eq(ticketAgreements.id, id));
    expect(still).toMatchObject({ title: DEMO_AGREEMENT_TITLE, status: 1 });

    // and its own area works
    const own = await call('yunling', 'POST', `${AGR}/create`, { title: '云岭协议', content: '<p>云岭</p>' });
    expect(own.statusCode).toBe(200);
    const rows = (await call('yunling', 'POST', `${AGR}/page`, {})).json().data.rows as { title: string }[];
    expect(rows.map((r) => r.title)).toContain('云岭协议');
    const adminRows = (await call('admin', 'POST', `${AGR}/page`, { title: '云岭' })).json().data;
    expect(adminRows.total).toBe(0);
  });

  it('enables and disables in a batch; an unknown id changes nothing', async () => {
    const ids: number[] = [];
    for (const title of ['批量一', '批量二'])
      ids.push((await call('admin', 'POST', `${AGR}/create`, { title, content: '<p>x</p>' })).json().data.id);
    const res = await call('admin', 'POST', `${AGR}/status`, { ids, status: 2 });
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db.select().from(ticketAgreements).where(eq(ticketAgreements.status, 2));
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(ids));

    const missing = await call('admin', 'POST', `${AGR}/status`, { ids: [ids[0], 999_999], status: 1 });
    expect(missing.statusCode).toBe(404);
    const [first] = await t.database.db
      .select()
      .from(ticketAgreements)
      .where(eq(ticketAgreements.id, ids[0]!));
    expect(first!.status).toBe(2);
  });

  it('refuses to delete an agreement a product uses (409 with the count)', async () => {
    const id = (
      await call('admin', 'POST', `${AGR}/create`, { title: '在用协议', content: '<p>x</p>' })
    ).json().data.id as number;
    const product = await productUsing(1, { agreementId: id });
    await productUsing(1, { agreementId: id });
    const res = await call('admin', 'GET', `${AGR}/delete?id=${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain('2');
    expect(res.json().data).toMatchObject({ count: 2 });
    const en = await t.call(tokens.admin, 'GET', `${AGR}/delete?id=${id}`, undefined, {
      'accept-language': 'en',
    });
    expect(en.json().msg).toBe(
      'This agreement is used by 2 ticket product(s); choose another agreement on them before deleting it',
    );
    const [still] = await t.database.db.select().from(ticketAgreements).where(eq(ticketAgreements.id, id));
    expect(still).toBeDefined();
    expect(product.agreementId).toBe(id);
  });
});

describe('purchase-notice templates', () => {
  it('creates, reads, lists (without content), updates and deletes', async () => {
    const created = await call('admin', 'POST', `${NTC}/create`, {
      title: '夜游须知',
      noticeType: 2,
      content: `${RICH}<iframe src="https://evil.example"></iframe>`,
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;

    const one = await call('admin', 'GET', `${NTC}/query?id=${id}`);
    expect(one.json().data).toMatchObject({ id, title: '夜游须知', noticeType: 2, content: RICH, status: 1 });

    const listed = await call('admin', 'POST', `${NTC}/page`, { title: '夜游', noticeType: 2, status: 1 });
    expect(listed.json().data.total).toBe(1);
    expect(listed.json().data.rows[0]).not.toHaveProperty('content');
    const otherType = await call('admin', 'POST', `${NTC}/page`, { title: '夜游', noticeType: 1 });
    expect(otherType.json().data.total).toBe(0);

    const updated = await call('admin', 'POST', `${NTC}/update`, { id, noticeType: 4, status: 2 });
    expect(updated.statusCode).toBe(200);
    expect((await call('admin', 'GET', `${NTC}/query?id=${id}`)).json().data).toMatchObject({
      noticeType: 4,
      status: 2,
      content: RICH,
    });

    expect((await call('admin', 'POST', `${NTC}/status`, { ids: [id], status: 1 })).statusCode).toBe(200);
    expect((await call('admin', 'GET', `${NTC}/query?id=${id}`)).json().data.status).toBe(1);

    expect((await call('admin', 'GET', `${NTC}/delete?id=${id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `${NTC}/delete?id=${id}`)).statusCode).toBe(404);
  });

  it('exports the filtered list without the HTML', async () => {
    const res = await call('admin', 'POST', `${NTC}/export`, { noticeType: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('退票说明');
    expect(text).toContain('退票须知');
    expect(text).toContain('须知类型');
    expect(text).not.toContain('购票须知');
    expect(text).not.toContain('&lt;h3');
    expect(text).not.toContain('手续费');
    expect((await call('staff', 'POST', `${NTC}/export`, {})).statusCode).toBe(403);
    const bad = await call('admin', 'POST', `${NTC}/export`, { noticeType: 9 });
    expect(bad.json().data).toMatchObject({ field: 'noticeType' });
  });

  it('answers 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ content: '<p>x</p>', noticeType: 1 }, 'title'],
      [{ title: 't', content: '<p>x</p>' }, 'noticeType'],
      [{ title: 't', content: '<p>x</p>', noticeType: 6 }, 'noticeType'],
      [{ title: 't', noticeType: 1, content: '<img src="javascript:alert(1)">' }, 'content'],
      [{ title: 't', noticeType: 1 }, 'content'],
    ];
    for (const [body, field] of cases) {
      const res = await call('admin', 'POST', `${NTC}/create`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data, JSON.stringify(body)).toMatchObject({ field });
    }
    const update = await call('admin', 'POST', `${NTC}/update`, { id: 1, content: '<style>p{}</style>' });
    expect(update.statusCode).toBe(400);
    expect(update.json().data).toMatchObject({ field: 'content' });
    const filter = await call('admin', 'POST', `${NTC}/page`, { status: 0 });
    expect(filter.json().data).toMatchObject({ field: 'status' });
  });

  it('answers 403 without the permission', async () => {
    expect((await call('staff', 'POST', `${NTC}/page`, {})).statusCode).toBe(403);
    expect((await call('staff', 'GET', `${NTC}/query?id=1`)).statusCode).toBe(403);
    const body = { title: 't', noticeType: 1, content: '<p>x</p>' };
    expect((await call('staff', 'POST', `${NTC}/create`, body)).statusCode).toBe(403);
    expect((await call('staff', 'POST', `${NTC}/update`, { id: 1, title: 't' })).statusCode).toBe(403);
    expect((await call('staff', 'GET', `${NTC}/delete?id=1`)).statusCode).toBe(403);
    expect((await call('staff', 'POST', `${NTC}/status`, { ids: [1], status: 2 })).statusCode).toBe(403);
  });

  it("keeps another area's templates invisible (404, not listed, not exported)", async () => {
    const [demo] = await t.database.db
      .select()
      .from(noticeTemplates)
      .where(eq(noticeTemplates.title, '入园须知'));
    const id = demo!.id;
    const list = await call('yunling', 'POST', `${NTC}/page`, {});
    expect(list.json().data).toEqual({ rows: [], total: 0 });
    expect((await call('yunling', 'GET', `${NTC}/query?id=${id}`)).statusCode).toBe(404);
    expect((await call('yunling', 'POST', `${NTC}/update`, { id, title: '改' })).statusCode).toBe(404);
    expect((await call('yunling', 'GET', `${NTC}/delete?id=${id}`)).statusCode).toBe(404);
    expect((await call('yunling', 'POST', `${NTC}/status`, { ids: [id], status: 2 })).statusCode).toBe(404);
    const exported = xlsxText((await call('yunling', 'POST', `${NTC}/export`, {})).rawPayload);
    expect(exported).not.toContain('入园须知');
    const [still] = await t.database.db.select().from(noticeTemplates).where(eq(noticeTemplates.id, id));
    expect(still).toMatchObject({ title: '入园须知', status: 1 });
  });

  it('refuses to delete a template a product uses (409 with the count)', async () => {
    const id = (
      await call('admin', 'POST', `${NTC}/create`, { title: '在用须知', noticeType: 1, content: '<p>x</p>' })
    ).json().data.id as number;
    await productUsing(1, { noticeId: id });
    const res = await call('admin', 'GET', `${NTC}/delete?id=${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('该须知模板正被 1 个门票产品使用，请先在产品中更换须知后再删除');
    expect(res.json().data).toMatchObject({ count: 1 });
  });
});
