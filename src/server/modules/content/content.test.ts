import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announcementApi as ann,
  articleApi as art,
  publicContentApi as pub,
  type AnnouncementDetail,
  type AnnouncementRow,
  type ArticleRow,
  type PublicAnnouncement,
} from '../../../shared/api/content.ts';
import { auditLogApi } from '../../../shared/api/logs.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { callsAs, expect400 } from '../../test/replies.ts';
import { scenicAreas } from '../scenic/index.ts';

let t: TestApp;
const tok: Record<string, string> = {};
let qsh: number;
let ylgz: number;

const { call, publicGet } = callsAs(() => t, tok);

async function page<R>(url: string, body: Record<string, unknown> = {}, who = 'admin') {
  const res = await call(who, 'POST', url, { limit: 100, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { rows: R[]; total: number };
}

async function ok<R>(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body).data as R;
}

const ALL = ['page', 'create', 'update', 'publish', 'delete'] as const;

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  const areas = await t.database.db.select().from(scenicAreas);
  qsh = areas.find((a) => a.code === 'QSH')!.id;
  ylgz = areas.find((a) => a.code === 'YLGZ')!.id;
  await t.grant('yunling', [
    ...ALL.map((a) => `admin:announcement:${a}`),
    ...ALL.map((a) => `admin:scenicArticle:${a}`),
  ]);
  // may read and edit, but not publish
  await t.grant('staff', ['admin:announcement:page', 'admin:announcement:update']);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
});
afterAll(() => t.close());

describe('announcements (/scenic/announcement, /scenic/announDetail)', () => {
  it('lists the demo announcements pinned first, filters by title, state and pinned, and exports', async () => {
    const all = await page<AnnouncementRow>(ann.page);
    expect(all.total).toBe(6);
    const firstUnpinned = all.rows.findIndex((r) => !r.pinned);
    expect(all.rows.slice(firstUnpinned).every((r) => !r.pinned)).toBe(true);
    expect(new Set(all.rows.map((r) => r.state))).toEqual(new Set([1, 2, 3]));
    expect((await page<AnnouncementRow>(ann.page, { state: 1 })).rows.map((r) => r.title)).toEqual([
      '五一假期游船加开班次',
    ]);
    expect((await page<AnnouncementRow>(ann.page, { pinned: true })).total).toBe(2);
    expect((await page<AnnouncementRow>(ann.page, { title: '骑行' })).rows).toHaveLength(1);
    const byTitle = await page<AnnouncementRow>(ann.page, { sort: 'title', order: 'asc', limit: 10 });
    expect(byTitle.rows).toHaveLength(6);

    const res = await call('admin', 'POST', ann.export, { state: 2 });
    expect(res.statusCode).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('春季开园时间调整公告');
    expect(text).not.toContain('五一假期游船加开班次');
  });

  it('creates a draft with sanitised content, reads, edits, publishes, withdraws and deletes it, audited', async () => {
    const created = await ok<AnnouncementRow>(
      await call('admin', 'POST', ann.create, {
        title: '测试公告',
        content:
          '<p>欢迎<strong>光临</strong></p><img src=x onerror=alert(1)><a href="javascript:alert(1)">点我</a><script>alert(1)</script><iframe src="https://evil.example/"></iframe>',
        cover: '/uploads/a.png',
        publishFrom: '2026-01-01T00:00:00.000Z',
        publishTo: null,
        pinned: true,
      }),
    );
    expect(created).toMatchObject({ title: '测试公告', state: 1, pinned: true, publishTo: null });
    const read = await ok<AnnouncementDetail>(await call('admin', 'GET', `${ann.query}?id=${created.id}`));
    expect(read.content).toBe('<p>欢迎<strong>光临</strong></p><a>点我</a>');
    expect(read.content).not.toMatch(/onerror|javascript:|<script|<iframe|<img/i);

    const edited = await ok<AnnouncementRow>(
      await call('admin', 'POST', ann.update, {
        id: created.id,
        title: '测试公告（修订）',
        content: '<p onclick="x()">Hi</p>',
      }),
    );
    expect(edited).toMatchObject({
      title: '测试公告（修订）',
      pinned: true,
      publishFrom: '2026-01-01T00:00:00.000Z',
    });
    expect(
      (await ok<AnnouncementDetail>(await call('admin', 'GET', `${ann.query}?id=${created.id}`))).content,
    ).toBe('<p>Hi</p>');

    const published = await ok<AnnouncementRow>(await call('admin', 'POST', ann.publish, { id: created.id }));
    expect(published.state).toBe(2);
    expect(published.publishTime).not.toBeNull();
    expect(
      (await ok<AnnouncementRow>(await call('admin', 'POST', ann.withdraw, { id: created.id }))).state,
    ).toBe(3);
    expect(
      (await ok<AnnouncementRow>(await call('admin', 'POST', ann.publish, { id: created.id }))).state,
    ).toBe(2);
    expect((await call('admin', 'GET', `${ann.delete}?id=${created.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `${ann.query}?id=${created.id}`)).statusCode).toBe(404);

    const audit = await page<{ action: string; targetType: string; targetId: string }>(auditLogApi.page, {
      module: 'scenic',
      limit: 20,
    });
    expect(
      audit.rows
        .filter((r) => r.targetId === String(created.id) && r.targetType === 'announcement')
        .map((r) => r.action),
    ).toEqual(['delete', 'publish', 'withdraw', 'publish', 'update', 'create']);
  });

  it('refuses a move from the wrong state with 409, changing nothing', async () => {
    const a = await ok<AnnouncementRow>(
      await call('admin', 'POST', ann.create, { title: '状态测试', content: '<p>x</p>' }),
    );
    const withdraw = await call('admin', 'POST', ann.withdraw, { id: a.id });
    expect(withdraw.statusCode, withdraw.body).toBe(409);
    expect(withdraw.json()).toMatchObject({
      msg: '只有已发布的内容可以撤回，该内容当前未发布',
      data: { state: 1 },
    });
    await ok(await call('admin', 'POST', ann.publish, { id: a.id }));
    const again = await call('admin', 'POST', ann.publish, { id: a.id }, { 'accept-language': 'en' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(
      'This item is already published; only a draft or a withdrawn item can be published',
    );
    expect((await ok<AnnouncementDetail>(await call('admin', 'GET', `${ann.query}?id=${a.id}`))).state).toBe(
      2,
    );
    // two publishes racing on a withdrawn record: exactly one wins
    await ok(await call('admin', 'POST', ann.withdraw, { id: a.id }));
    const race = await Promise.all([1, 2, 3].map(() => call('admin', 'POST', ann.publish, { id: a.id })));
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('names the field of bad input and changes nothing', async () => {
    const before = (await page<AnnouncementRow>(ann.page)).total;
    expect400(await call('admin', 'POST', ann.create, { title: ' ', content: '<p>x</p>' }), 'title');
    expect400(await call('admin', 'POST', ann.create, { title: 'A' }), 'content');
    expect400(
      await call('admin', 'POST', ann.create, { title: 'A', content: '<script>alert(1)</script>' }),
      'content',
    );
    expect400(
      await call('admin', 'POST', ann.create, {
        title: 'A',
        content: '<p>x</p>',
        cover: 'javascript:alert(1)',
      }),
      'cover',
    );
    expect400(
      await call('admin', 'POST', ann.create, { title: 'A', content: '<p>x</p>', publishFrom: 'tomorrow' }),
      'publishFrom',
    );
    expect400(
      await call('admin', 'POST', ann.create, { title: 'A', content: '<p>x</p>', pinned: 'yes' }),
      'pinned',
    );
    const reversed = await call(
      'admin',
      'POST',
      ann.create,
      {
        title: 'A',
        content: '<p>x</p>',
        publishFrom: '2026-05-02T00:00:00Z',
        publishTo: '2026-05-01T00:00:00Z',
      },
      { 'accept-language': 'en' },
    );
    expect400(reversed, 'publishTo');
    expect(reversed.json().msg).toContain('must be later than the start time');
    expect400(
      await call('admin', 'POST', ann.create, { title: 'A', content: '<p>x</p>', extra: 1 }),
      'extra',
    );
    // the window is checked on the merged record: only the end sent, before the stored start
    const spring = (await page<AnnouncementRow>(ann.page, { title: '春季' })).rows[0]!;
    expect400(
      await call('admin', 'POST', ann.update, { id: spring.id, publishTo: '2000-01-01T00:00:00Z' }),
      'publishTo',
    );
    expect((await page<AnnouncementRow>(ann.page)).total).toBe(before);
    expect((await page<AnnouncementRow>(ann.page, { title: '春季' })).rows[0]).toEqual(spring);
  });

  it('refuses an account without the permission', async () => {
    expect((await call('staff', 'POST', ann.page, {})).statusCode).toBe(200);
    expect((await call('staff', 'POST', ann.create, { title: 'A', content: '<p>x</p>' })).statusCode).toBe(
      403,
    );
    const draft = (await page<AnnouncementRow>(ann.page, { state: 1 }, 'staff')).rows[0]!;
    expect((await call('staff', 'POST', ann.publish, { id: draft.id })).statusCode).toBe(403);
    expect((await call('staff', 'GET', `${ann.delete}?id=${draft.id}`)).statusCode).toBe(403);
    expect((await call('staff', 'POST', art.page, {})).statusCode).toBe(403);
    expect(
      (await ok<AnnouncementDetail>(await call('admin', 'GET', `${ann.query}?id=${draft.id}`))).state,
    ).toBe(1);
  });

  it("keeps each area's announcements to itself", async () => {
    const own = await page<AnnouncementRow>(ann.page, {}, 'yunling');
    expect(own.total).toBe(4);
    const other = (await page<AnnouncementRow>(ann.page, { state: 1 })).rows[0]!;
    expect(own.rows.map((r) => r.id)).not.toContain(other.id);
    expect((await call('yunling', 'GET', `${ann.query}?id=${other.id}`)).statusCode).toBe(404);
    expect((await call('yunling', 'POST', ann.update, { id: other.id, title: 'X' })).statusCode).toBe(404);
    expect((await call('yunling', 'POST', ann.publish, { id: other.id })).statusCode).toBe(404);
    expect((await call('yunling', 'GET', `${ann.delete}?id=${other.id}`)).statusCode).toBe(404);
    expect(
      (await ok<AnnouncementDetail>(await call('admin', 'GET', `${ann.query}?id=${other.id}`))).state,
    ).toBe(1);
  });
});

describe('articles (/scenic/scenicArticle)', () => {
  it('lists, filters, sorts by views and exports the demo articles', async () => {
    const all = await page<ArticleRow>(art.page);
    expect(all.total).toBe(6);
    expect((await page<ArticleRow>(art.page, { category: 3 })).rows.map((r) => r.title).sort()).toEqual([
      '湖畔渔村的捕鱼节',
      '青山塔的前世今生',
    ]);
    expect((await page<ArticleRow>(art.page, { author: '管委会' })).total).toBe(2);
    const byViews = await page<ArticleRow>(art.page, { sort: 'viewCount', order: 'desc' });
    expect(byViews.rows[0]!.title).toBe('青山湖风景区获评国家 4A 级旅游景区');
    const text = xlsxText((await call('admin', 'POST', art.export, { state: 2 })).rawPayload);
    expect(text).toContain('青山湖一日游');
    expect(text).not.toContain('百花园十月菊花展即将开幕');
  });

  it('creates, edits, publishes, withdraws and deletes an article with a sanitised body', async () => {
    const a = await ok<ArticleRow>(
      await call('admin', 'POST', art.create, {
        category: 1,
        title: '秋游攻略',
        author: '编辑部',
        content:
          '<p><strong>秋天</strong>来了</p><img src="/uploads/x.png" alt="湖" onerror="alert(1)"><a href="javascript:alert(1)" onmouseover="x()">链接</a>',
      }),
    );
    expect(a).toMatchObject({ state: 1, viewCount: 0, publishTime: null });
    expect(a.content).toBe('<p><strong>秋天</strong>来了</p><img src="/uploads/x.png" alt="湖"><a>链接</a>');
    const edited = await ok<ArticleRow>(await call('admin', 'POST', art.update, { id: a.id, category: 2 }));
    expect(edited).toMatchObject({ category: 2, title: '秋游攻略', content: a.content });
    expect((await ok<ArticleRow>(await call('admin', 'POST', art.publish, { id: a.id }))).state).toBe(2);
    expect((await call('admin', 'POST', art.publish, { id: a.id })).statusCode).toBe(409);
    expect((await ok<ArticleRow>(await call('admin', 'POST', art.withdraw, { id: a.id }))).state).toBe(3);
    expect((await call('admin', 'POST', art.withdraw, { id: a.id })).statusCode).toBe(409);
    expect((await call('admin', 'GET', `${art.delete}?id=${a.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `${art.query}?id=${a.id}`)).statusCode).toBe(404);
  });

  it('names the field of bad input, refuses without permission and keeps areas apart', async () => {
    const before = (await page<ArticleRow>(art.page)).total;
    expect400(await call('admin', 'POST', art.create, { title: 'A', content: '<p>x</p>' }), 'category');
    expect400(
      await call('admin', 'POST', art.create, { category: 9, title: 'A', content: '<p>x</p>' }),
      'category',
    );
    expect400(
      await call('admin', 'POST', art.create, {
        category: 1,
        title: 'A',
        content: '<p>x</p>',
        author: 'x'.repeat(51),
      }),
      'author',
    );
    expect400(
      await call('admin', 'POST', art.create, { category: 1, title: 'A', content: '<p> </p>' }),
      'content',
    );
    expect((await page<ArticleRow>(art.page)).total).toBe(before);

    expect(
      (await call('staff', 'POST', art.create, { category: 1, title: 'A', content: '<p>x</p>' })).statusCode,
    ).toBe(403);

    expect((await page<ArticleRow>(art.page, {}, 'yunling')).total).toBe(5);
    const other = (await page<ArticleRow>(art.page, { state: 1 })).rows[0]!;
    expect((await call('yunling', 'GET', `${art.query}?id=${other.id}`)).statusCode).toBe(404);
    expect((await call('yunling', 'POST', art.update, { id: other.id, title: 'X' })).statusCode).toBe(404);
    expect((await call('yunling', 'POST', art.publish, { id: other.id })).statusCode).toBe(404);
    expect((await call('yunling', 'GET', `${art.delete}?id=${other.id}`)).statusCode).toBe(404);
    expect((await ok<ArticleRow>(await call('admin', 'GET', `${art.query}?id=${other.id}`))).state).toBe(1);
  });
});

describe('public content (mini-program, no login)', () => {
  it('answers the published announcements inside their window, pinned first, cacheable with an ETag', async () => {
    const res = await publicGet(`${pub.announcements}?scenicId=${qsh}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const list = res.json().data as PublicAnnouncement[];
    const titles = list.map((a) => a.title);
    // the national-day notice is published and pinned but its window is over; drafts and withdrawn ones never show
    expect(titles).toContain('春季开园时间调整公告');
    expect(titles).not.toContain('国庆假期实名预约入园提示');
    expect(titles).not.toContain('五一假期游船加开班次');
    expect(titles).not.toContain('望湖台日出观景活动暂停');
    expect(list[0]!.pinned).toBe(true);
    expect(list.slice(list.findIndex((a) => !a.pinned)).every((a) => !a.pinned)).toBe(true);
    expect(list.every((a) => a.content.startsWith('<p>'))).toBe(true);

    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await publicGet(`${pub.announcements}?scenicId=${qsh}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // the other area's own announcements; an announcement whose window starts later is not shown yet
    const yl = (await publicGet(`${pub.announcements}?scenicId=${ylgz}`)).json().data as PublicAnnouncement[];
    expect(yl.map((a) => a.title).sort()).toEqual(
      ['古桥修缮期间请走临时便桥', '古镇夜游开放时间延长'].sort(),
    );
    const later = await ok<AnnouncementRow>(
      await call('admin', 'POST', ann.create, {
        title: '明日公告',
        content: '<p>明天见</p>',
        publishFrom: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
    await ok(await call('admin', 'POST', ann.publish, { id: later.id }));
    // nothing a visitor sees changed: the same ETag still holds
    expect(
      (await publicGet(`${pub.announcements}?scenicId=${qsh}`, { 'if-none-match': etag })).statusCode,
    ).toBe(304);
    const now = await ok<AnnouncementRow>(
      await call('admin', 'POST', ann.create, { title: '今日公告', content: '<p>今天</p>' }),
    );
    await ok(await call('admin', 'POST', ann.publish, { id: now.id }));
    const changed = await publicGet(`${pub.announcements}?scenicId=${qsh}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const shown = (changed.json().data as PublicAnnouncement[]).map((a) => a.title);
    expect(shown).toContain('今日公告');
    expect(shown).not.toContain('明日公告');
    expect((await publicGet(`${pub.announcements}`)).statusCode).toBe(400);
  });

  it('lists the published articles and counts a view of one, never a draft or withdrawn one', async () => {
    const res = await publicGet(`${pub.articles}?scenicId=${qsh}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const { rows, total } = res.json().data as {
      rows: { id: number; title: string; viewCount: number }[];
      total: number;
    };
    expect(total).toBe(4);
    expect(rows.map((r) => r.title)).not.toContain('百花园十月菊花展即将开幕');
    expect(rows[0]).not.toHaveProperty('content');
    expect((await publicGet(`${pub.articles}?scenicId=${qsh}&category=3`)).json().data.total as number).toBe(
      1,
    );

    const first = rows[0]!;
    const one = await publicGet(`${pub.article}?scenicId=${qsh}&id=${first.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.headers['cache-control']).toBe('public, max-age=60');
    expect(one.json().data).toMatchObject({ id: first.id, viewCount: first.viewCount + 1 });
    expect(one.json().data.content).toMatch(/^<p>/);
    await publicGet(`${pub.article}?scenicId=${qsh}&id=${first.id}`);
    expect((await ok<ArticleRow>(await call('admin', 'GET', `${art.query}?id=${first.id}`))).viewCount).toBe(
      first.viewCount + 2,
    );

    const draft = (await page<ArticleRow>(art.page, { state: 1 })).rows[0]!;
    expect((await publicGet(`${pub.article}?scenicId=${qsh}&id=${draft.id}`)).statusCode).toBe(404);
    const withdrawn = (await page<ArticleRow>(art.page, { state: 3 })).rows[0]!;
    expect((await publicGet(`${pub.article}?scenicId=${qsh}&id=${withdrawn.id}`)).statusCode).toBe(404);
    // another area's article through this area's id
    expect((await publicGet(`${pub.article}?scenicId=${ylgz}&id=${first.id}`)).statusCode).toBe(404);
    expect((await ok<ArticleRow>(await call('admin', 'GET', `${art.query}?id=${draft.id}`))).viewCount).toBe(
      0,
    );
  });
});
