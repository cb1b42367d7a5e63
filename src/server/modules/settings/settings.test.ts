import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { demoAreas } from '../../test/areas.ts';
import { grantRole } from '../../test/grant.ts';
import { auditLogs } from '../audit/audit.table.ts';
import { scenicAreas } from '../scenic/scenic.table.ts';
import { DEFAULT_SETTINGS, getScenicSettings } from './settings.service.ts';

const QUERY = '/web/api/admin/setting/query';
const UPDATE = '/web/api/admin/setting/update';

let t: TestApp;
const tok = { admin: '', staff: '', shop: '', yunling: '' };
let qsh: number;
let ylgz: number;

/** Gives an account an extra role of its own area with these permissions. */
const grant = (username: string, perms: string[]) => grantRole(t, username, perms);
/** The last audit row of YLGZ's settings. */
const lastAuditOfYlgz = async () =>
  (
    await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.module, 'setting'), eq(auditLogs.targetId, String(ylgz))))
      .orderBy(desc(auditLogs.id))
      .limit(1)
  )[0];

const form = {
  contact: '赵强',
  phone: '0871-65550102',
  openTime: '09:00',
  closeTime: '21:30',
  notice: '古镇夜游 21:00 停止入园。',
  refundRule: 3,
  refundDeadlineHours: 0,
  refundFeeUnit: 1,
  refundFeeValue: 500,
  realNameType: 3,
  printType: 2,
};

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  for (const name of Object.keys(tok) as (keyof typeof tok)[]) tok[name] = (await t.login(name)).access_token;
  ({ qsh, ylgz } = await demoAreas(t.database.db));
  await grant('yunling', ['admin:setting:query', 'admin:setting:update']);
});
afterAll(() => t.close());

describe('GET /web/api/admin/setting/query', () => {
  it("gives the acting area's saved settings (the demo settings of area 1)", async () => {
    const res = await t.call(tok.admin, 'GET', QUERY);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      scenicId: qsh,
      scenicName: '青山湖风景区',
      openTime: '07:30',
      closeTime: '17:30',
      refundRule: 2,
      refundDeadlineHours: 24,
      refundFeeUnit: 2,
      refundFeeValue: 10,
      realNameType: 1,
      printType: 1,
      saved: true,
    });
    expect(Number.isNaN(Date.parse(res.json().data.updateTime))).toBe(false);
  });

  it('gives defaults while an area has saved none: contact and phone from the area', async () => {
    const res = await t.call(tok.admin, 'GET', QUERY, undefined, { 'x-scenic-id': String(ylgz) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      scenicId: ylgz,
      scenicName: '云岭古镇',
      contact: '李敏',
      phone: '0871-65550102',
      notice: '',
      ...DEFAULT_SETTINGS,
      timeZone: 'Asia/Shanghai',
      saved: false,
      updateTime: null,
    });
  });

  it('refuses query parameters it does not know, naming them', async () => {
    const res = await t.call(tok.admin, 'GET', `${QUERY}?scenicId=2`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('scenicId');
  });

  it('answers 403 without admin:setting:query (staff, shop)', async () => {
    for (const who of ['staff', 'shop'] as const) {
      const res = await t.call(tok[who], 'GET', QUERY);
      expect(res.statusCode, who).toBe(403);
      // a shop account is refused before its permissions are looked at (docs/accounts.md "Shop accounts")
      if (who === 'staff') expect(res.json().data).toEqual({ required: 'admin:setting:query' });
      else expect(res.json().msg).toBe('商城账号只能使用商城功能');
    }
  });

  it("never shows area 2's staff the settings of area 1", async () => {
    const own = await t.call(tok.yunling, 'GET', QUERY);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.scenicId).toBe(ylgz);
    expect(own.body).not.toContain('青山湖');
    const other = await t.call(tok.yunling, 'GET', QUERY, undefined, { 'x-scenic-id': String(qsh) });
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('07:30');
  });
});

describe('POST /web/api/admin/setting/update', () => {
  it('saves the first settings of an area with an audit row (before null), then replaces them', async () => {
    const saveInYlgz = (body: Record<string, unknown>) =>
      t.call(tok.admin, 'POST', UPDATE, body, { 'x-scenic-id': String(ylgz) });
    const res = await t.call(tok.yunling, 'POST', UPDATE, form);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ ...form, scenicId: ylgz, scenicName: '云岭古镇', saved: true });

    const query = await t.call(tok.admin, 'GET', QUERY, undefined, { 'x-scenic-id': String(ylgz) });
    expect(query.json().data).toMatchObject({ ...form, saved: true });
    // area 1 untouched
    expect((await t.call(tok.admin, 'GET', QUERY)).json().data.openTime).toBe('07:30');

    const second = await saveInYlgz({ ...form, closeTime: '22:00' });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.closeTime).toBe('22:00');
    expect(second.json().data.acceptLatePayment).toBe(true);

    // accepting late payments (docs/domain.md T6) is switched off, and kept by a save that leaves it out
    const off = await saveInYlgz({ ...form, closeTime: '22:00', acceptLatePayment: false });
    expect(off.json().data.acceptLatePayment).toBe(false);
    const kept = await saveInYlgz({ ...form, closeTime: '22:00' });
    expect(kept.json().data.acceptLatePayment).toBe(false);
    const bad = await saveInYlgz({ ...form, acceptLatePayment: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('acceptLatePayment');

    const rows = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.module, 'setting'), eq(auditLogs.targetId, String(ylgz))))
      .orderBy(asc(auditLogs.id));
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => (r.after as { timeZone: string }).timeZone === 'Asia/Shanghai')).toBe(true);
    expect(rows[0]).toMatchObject({ scenicId: ylgz, username: 'yunling', action: 'update', before: null });
    expect(rows[0]!.after).toMatchObject({ closeTime: '21:30', refundFeeValue: 500 });
    expect(rows[1]).toMatchObject({ scenicId: ylgz, username: 'admin' });
    expect(rows[1]!.before).toMatchObject({ closeTime: '21:30' });
    expect(rows[1]!.after).toMatchObject({ closeTime: '22:00' });
  });

  it("moves the area's clock to another IANA zone, keeps it when left out, refuses a bad one", async () => {
    const headers = { 'x-scenic-id': String(ylgz) };
    const london = await t.call(tok.admin, 'POST', UPDATE, { ...form, timeZone: 'Europe/London' }, headers);
    expect(london.statusCode, london.body).toBe(200);
    expect(london.json().data.timeZone).toBe('Europe/London');
    const [area] = await t.database.db.select().from(scenicAreas).where(eq(scenicAreas.id, ylgz));
    expect(area!.timeZone).toBe('Europe/London');
    // a save without the field keeps it; area 1 keeps its own
    const kept = await t.call(tok.admin, 'POST', UPDATE, form, headers);
    expect(kept.json().data.timeZone).toBe('Europe/London');
    expect((await t.call(tok.admin, 'GET', QUERY)).json().data.timeZone).toBe('Asia/Shanghai');
    const audit = await lastAuditOfYlgz();
    expect(audit!.before).toMatchObject({ timeZone: 'Europe/London' });
    // US/Pacific-New: a name Node's Intl still knows and PostgreSQL's zone data no longer has
    for (const timeZone of ['+08:00', 'GMT+8', 'Beijing', 'Asia/Nowhere', '', 42, 'US/Pacific-New']) {
      const res = await t.call(tok.admin, 'POST', UPDATE, { ...form, timeZone }, headers);
      expect(res.statusCode, String(timeZone)).toBe(400);
      expect(res.json().data.field).toBe('timeZone');
    }
    const en = await t.call(
      tok.admin,
      'POST',
      UPDATE,
      { ...form, timeZone: 'UTC+8' },
      {
        ...headers,
        'accept-language': 'en',
      },
    );
    expect(en.json().msg).toBe('Invalid timeZone: must be an IANA time zone name such as Asia/Shanghai');
    const back = await t.call(tok.admin, 'POST', UPDATE, { ...form, timeZone: 'Asia/Shanghai' }, headers);
    expect(back.json().data.timeZone).toBe('Asia/Shanghai');
  });

  it("writes only the acting area: area 2's staff cannot save area 1's settings", async () => {
    const res = await t.call(tok.yunling, 'POST', UPDATE, form, { 'x-scenic-id': String(qsh) });
    expect(res.statusCode).toBe(403);
    const area1 = await getScenicSettings(t.database.db, qsh);
    expect(area1.openTime).toBe('07:30');
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...form, openTime: '25:00' }, 'openTime'],
      [{ ...form, openTime: '9:00' }, 'openTime'],
      [{ ...form, openTime: '18:00', closeTime: '18:00' }, 'closeTime'],
      [{ ...form, openTime: '18:00', closeTime: '08:00' }, 'closeTime'],
      [{ ...form, refundRule: 4 }, 'refundRule'],
      [{ ...form, refundFeeUnit: 2, refundFeeValue: 101 }, 'refundFeeValue'],
      [{ ...form, refundFeeValue: -1 }, 'refundFeeValue'],
      [{ ...form, refundDeadlineHours: 1000 }, 'refundDeadlineHours'],
      [{ ...form, realNameType: 0 }, 'realNameType'],
      [{ ...form, printType: 'x' }, 'printType'],
      [{ ...form, notice: 'x'.repeat(2001) }, 'notice'],
      [{ ...form, phone: 'call me' }, 'phone'],
      [{ ...form, scenicId: 1 }, 'scenicId'],
      [{ ...form, contact: undefined }, 'contact'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call(tok.admin, 'POST', UPDATE, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().msg, field).toContain(field);
    }
    const en = await t.call(
      tok.admin,
      'POST',
      UPDATE,
      { ...form, closeTime: '06:00' },
      { 'accept-language': 'en' },
    );
    expect(en.json().msg).toBe('Invalid closeTime: must be later than the opening time');
    // a percent fee of 100 and a yuan fee over 100 (cents) are fine
    expect(
      (await t.call(tok.admin, 'POST', UPDATE, { ...form, refundFeeUnit: 2, refundFeeValue: 100 }))
        .statusCode,
    ).toBe(200);
  });

  it('keeps two-person payout on by default, switches it off and on, keeps it when left out, refuses a non-boolean', async () => {
    const headers = { 'x-scenic-id': String(ylgz) };
    expect((await t.call(tok.admin, 'GET', QUERY)).json().data.twoPersonPayout).toBe(true);
    const off = await t.call(tok.admin, 'POST', UPDATE, { ...form, twoPersonPayout: false }, headers);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.twoPersonPayout).toBe(false);
    const kept = await t.call(tok.admin, 'POST', UPDATE, form, headers);
    expect(kept.json().data.twoPersonPayout).toBe(false);
    // area 1 untouched
    expect((await getScenicSettings(t.database.db, qsh)).twoPersonPayout).toBe(true);
    const bad = await t.call(tok.admin, 'POST', UPDATE, { ...form, twoPersonPayout: 'no' }, headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('twoPersonPayout');
    // staff without admin:setting:update cannot switch it
    const denied = await t.call(tok.staff, 'POST', UPDATE, { ...form, twoPersonPayout: false });
    expect(denied.statusCode).toBe(403);
    expect((await getScenicSettings(t.database.db, qsh)).twoPersonPayout).toBe(true);
    const on = await t.call(tok.admin, 'POST', UPDATE, { ...form, twoPersonPayout: true }, headers);
    expect(on.json().data.twoPersonPayout).toBe(true);
    const audit = await lastAuditOfYlgz();
    expect(audit!.before).toMatchObject({ twoPersonPayout: false });
    expect(audit!.after).toMatchObject({ twoPersonPayout: true });
  });

  it('answers 403 without admin:setting:update (staff, shop)', async () => {
    for (const who of ['staff', 'shop'] as const) {
      const res = await t.call(tok[who], 'POST', UPDATE, form);
      expect(res.statusCode, who).toBe(403);
      // a shop account is refused before its permissions are looked at (docs/accounts.md "Shop accounts")
      if (who === 'staff') expect(res.json().data).toEqual({ required: 'admin:setting:update' });
      else expect(res.json().msg).toBe('商城账号只能使用商城功能');
    }
  });
});

describe('getScenicSettings', () => {
  it('is what other modules read; 404 for an area that does not exist', async () => {
    const settings = await getScenicSettings(t.database.db, qsh);
    expect(settings.scenicId).toBe(qsh);
    await expect(getScenicSettings(t.database.db, 999999)).rejects.toMatchObject({ statusCode: 404 });
  });
});
