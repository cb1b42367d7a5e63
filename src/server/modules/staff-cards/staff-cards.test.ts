import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idNumberCheckChar } from '../../../shared/api/staff-cards.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { callsAs, expect400 } from '../../test/replies.ts';
import { auditLogs } from '../audit/audit.table.ts';
import { gates } from '../gates/gates.table.ts';
import { scenicAreas } from '../scenic/scenic.table.ts';
import { checkStaffCard } from './staff-cards.service.ts';
import { staffCards } from './staff-cards.table.ts';

const B = '/web/api/admin/entryCode';
const ALL = [
  'admin:entryCode:page',
  'admin:entryCode:create',
  'admin:entryCode:update',
  'admin:entryCode:delete',
];

let t: TestApp;
const tok: Record<string, string> = {};
let qsh: number;
let ylgz: number;
const gate: Record<string, number> = {};
let ylGate: number;

const idNo = (first17: string) => first17 + idNumberCheckChar(first17);
const VALID_ID = idNo('33010219950101002');

interface Row {
  id: number;
  holderName: string;
  department: string;
  idNumber: string;
  icCardNo: string;
  qrCode: string;
  readModes: number[];
  gateIds: number[];
  gates: { id: number; name: string }[];
  validity: number;
  status: number;
}

const { call, page } = callsAs(() => t, tok);

const base = () => ({
  holderName: '测试员工',
  readModes: [1],
  validFrom: '2024-01-01T00:00:00+08:00',
  validTo: '2031-01-01T00:00:00+08:00',
});

async function create(body: Record<string, unknown>, who = 'admin') {
  const res = await call(who, 'POST', `${B}/create`, { ...base(), ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Row;
}

const rows = async (body: Record<string, unknown> = {}, who = 'admin') =>
  (await page<Row>(who, `${B}/page`, body)).rows;

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  await t.grant('yunling', ALL);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  const areas = await t.database.db.select().from(scenicAreas);
  qsh = areas.find((a) => a.code === 'QSH')!.id;
  ylgz = areas.find((a) => a.code === 'YLGZ')!.id;
  for (const g of await t.database.db.select().from(gates).where(eq(gates.scenicId, qsh)))
    gate[g.code] = g.id;
  const [yl] = await t.database.db
    .insert(gates)
    .values({ scenicId: ylgz, code: 'YL-IN', name: '古镇入口', gateType: 10 })
    .returning();
  ylGate = yl!.id;
});
afterAll(() => t.close());

describe('POST /entryCode/page and export', () => {
  it('lists the seeded cards with gate names and validity', async () => {
    const list = await rows({ sort: 'holderName', order: 'asc' });
    expect(list.map((r) => r.department).sort()).toEqual(['保安', '保洁', '售票员', '导游', '维修']);
    const cleaner = list.find((r) => r.department === '保洁')!;
    expect(cleaner.gates.map((g) => g.name)).toEqual(['南门入口', '南门出口']);
    expect(cleaner.qrCode).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(list.find((r) => r.department === '导游')!.validity).toBe(2);
    expect(list.find((r) => r.department === '维修')!.status).toBe(2);
  });

  it('filters by holder, phone, department, read mode, status and validity', async () => {
    const depts = async (body: Record<string, unknown>) => (await rows(body)).map((r) => r.department).sort();
    expect(await depts({ holderName: '钱' })).toEqual(['保洁']);
    expect(await depts({ phone: '0003' })).toEqual(['售票员']);
    expect(await depts({ department: '维' })).toEqual(['维修']);
    expect(await depts({ readMode: 3 })).toEqual(['保安', '维修']);
    expect(await depts({ status: 2 })).toEqual(['维修']);
    expect(await depts({ validity: 2 })).toEqual(['导游']);
    expect(await depts({ validity: 3 })).toEqual([]);
    expect((await depts({ validity: 1 })).length).toBe(4);
  });

  it('refuses unknown filters and sorts naming the field', async () => {
    expect400(await call('admin', 'POST', `${B}/page`, { validity: 4 }), 'validity');
    expect400(await call('admin', 'POST', `${B}/page`, { sort: 'qrCode' }), 'sort');
    expect400(await call('admin', 'POST', `${B}/page`, { qrCode: 'x' }), 'qrCode');
  });

  it('exports the filtered cards without QR payloads and with masked ID numbers', async () => {
    const list = await rows({ department: '售票员' });
    const res = await call('admin', 'POST', `${B}/export`, { department: '售票员' });
    expect(res.statusCode).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('孙丽');
    expect(text).not.toContain('赵强');
    expect(text).not.toContain(list[0]!.qrCode);
    expect(text).not.toContain(list[0]!.idNumber);
    expect(text).toContain(`${list[0]!.idNumber.slice(0, 6)}********`);
  });

  it('needs admin:entryCode:page', async () => {
    expect((await call('staff', 'POST', `${B}/page`, {})).statusCode).toBe(403);
    expect((await call('staff', 'POST', `${B}/export`, {})).statusCode).toBe(403);
    expect((await call('staff', 'GET', `${B}/query?id=1`)).statusCode).toBe(403);
    expect((await call('staff', 'POST', `${B}/gates`, {})).statusCode).toBe(403);
  });

  it("shows another area's caller none of area 1's cards", async () => {
    expect(await rows({}, 'yunling')).toEqual([]);
    const [card] = await rows({ department: '保安' });
    expect((await call('yunling', 'GET', `${B}/query?id=${card!.id}`)).statusCode).toBe(404);
  });
});

describe('POST /entryCode/gates and GET /entryCode/query', () => {
  it("answers the acting area's gates", async () => {
    const res = await call('admin', 'POST', `${B}/gates`, {});
    expect(res.statusCode).toBe(200);
    expect((res.json().data as { name: string }[]).map((g) => g.name)).toHaveLength(12);
    const yl = await call('yunling', 'POST', `${B}/gates`);
    // the second area's six demo gates and the test's own
    expect(yl.json().data).toHaveLength(7);
    expect(yl.json().data).toContainEqual(expect.objectContaining({ id: ylGate, name: '古镇入口' }));
    expect400(await call('admin', 'POST', `${B}/gates`, { x: 1 }), 'x');
  });

  it('answers one card; 400 for a bad id', async () => {
    const [card] = await rows({ department: '保洁' });
    const res = await call('admin', 'GET', `${B}/query?id=${card!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: card!.id, holderName: '钱芳' });
    expect400(await call('admin', 'GET', `${B}/query?id=abc`), 'id');
    expect((await call('admin', 'GET', `${B}/query?id=999999`)).statusCode).toBe(404);
  });
});

describe('POST /entryCode/create', () => {
  it('creates a card with a server-generated QR payload, audited without it', async () => {
    const card = await create({
      holderName: '新员工',
      department: '票务',
      readModes: [1, 2, 3],
      idNumber: VALID_ID.toLowerCase(),
      icCardNo: 'IC-9001',
      gateIds: [gate['S-IN-01']],
    });
    expect(card.qrCode).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(card.idNumber).toBe(VALID_ID.toUpperCase());
    expect(card.gates).toEqual([{ id: gate['S-IN-01'], name: '南门入口' }]);
    expect(card.validity).toBe(1);
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'staffCard'), eq(auditLogs.targetId, String(card.id))));
    expect(audit!.action).toBe('create');
    expect(JSON.stringify(audit!.after)).not.toContain(card.qrCode);
  });

  it('refuses bad input naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ holderName: '' }, 'holderName'],
      [{ readModes: [] }, 'readModes'],
      [{ readModes: [5] }, 'readModes.0'],
      [{ readModes: [1, 1] }, 'readModes'],
      [{ readModes: [2] }, 'idNumber'],
      [{ readModes: [2], idNumber: idNo('33010219950101002').slice(0, 17) + 'Z' }, 'idNumber'],
      [{ idNumber: '330102199502300021' }, 'idNumber'],
      [{ readModes: [3] }, 'icCardNo'],
      [{ readModes: [4] }, 'faceImage'],
      [{ readModes: [4], faceImage: 'javascript:alert(1)' }, 'faceImage'],
      [{ validTo: '2023-01-01T00:00:00+08:00' }, 'validTo'],
      [{ validFrom: '2024-01-01' }, 'validFrom'],
      [{ qrCode: 'chosen-by-client' }, 'qrCode'],
      [{ gateIds: [ylGate] }, 'gateIds'],
      [{ gateIds: [999999] }, 'gateIds'],
    ];
    for (const [body, field] of cases) {
      const res = await call('admin', 'POST', `${B}/create`, { ...base(), ...body });
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400);
      expect(res.json().data.field, JSON.stringify(body)).toBe(field);
    }
  });

  it('keeps ID and IC numbers unique per area (409 naming the field), not across areas', async () => {
    const id = idNo('44030419800101001');
    await create({ readModes: [2], idNumber: id, icCardNo: 'IC-DUP' });
    const dupId = await call('admin', 'POST', `${B}/create`, { ...base(), readModes: [2], idNumber: id });
    expect(dupId.statusCode).toBe(409);
    expect(dupId.json().data.field).toBe('idNumber');
    const dupIc = await call('admin', 'POST', `${B}/create`, {
      ...base(),
      readModes: [3],
      icCardNo: 'IC-DUP',
    });
    expect(dupIc.statusCode).toBe(409);
    expect(dupIc.json().data.field).toBe('icCardNo');
    await create({ readModes: [2], idNumber: id, icCardNo: 'IC-DUP' }, 'yunling');
  });

  it('needs admin:entryCode:create', async () => {
    expect((await call('staff', 'POST', `${B}/create`, base())).statusCode).toBe(403);
  });
});

describe('POST /entryCode/update, status, resetQr and GET delete', () => {
  it('changes only the fields sent and checks the rules on the merged card', async () => {
    const card = await create({ readModes: [1, 3], icCardNo: 'IC-U1' });
    const res = await call('admin', 'POST', `${B}/update`, { id: card.id, department: '工程部' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ department: '工程部', icCardNo: 'IC-U1', qrCode: card.qrCode });
    expect400(await call('admin', 'POST', `${B}/update`, { id: card.id, icCardNo: '' }), 'icCardNo');
    expect400(await call('admin', 'POST', `${B}/update`, { id: card.id, readModes: [2] }), 'idNumber');
    expect400(
      await call('admin', 'POST', `${B}/update`, { id: card.id, validTo: '2020-01-01T00:00:00Z' }),
      'validTo',
    );
    expect400(await call('admin', 'POST', `${B}/update`, { id: card.id, gateIds: [ylGate] }), 'gateIds');
    expect400(await call('admin', 'POST', `${B}/update`, { id: card.id, qrCode: 'x' }), 'qrCode');
    const modes = await call('admin', 'POST', `${B}/update`, { id: card.id, readModes: [1], icCardNo: '' });
    expect(modes.statusCode, modes.body).toBe(200);
    expect(modes.json().data.icCardNo).toBe('');
  });

  it('enables and disables in a batch, all or none', async () => {
    const a = await create({});
    const b = await create({});
    const off = await call('admin', 'POST', `${B}/status`, { ids: [a.id, b.id], status: 2 });
    expect(off.statusCode, off.body).toBe(200);
    expect((await rows({ status: 2 })).map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const [other] = await rows({}, 'yunling');
    const mixed = await call('admin', 'POST', `${B}/status`, { ids: [a.id, other!.id], status: 1 });
    expect(mixed.statusCode).toBe(404);
    const [stillOff] = await t.database.db.select().from(staffCards).where(eq(staffCards.id, a.id));
    expect(stillOff!.status).toBe(2);
    expect400(await call('admin', 'POST', `${B}/status`, { ids: [], status: 1 }), 'ids');
    expect400(await call('admin', 'POST', `${B}/status`, { ids: [a.id], status: 3 }), 'status');
  });

  it('resets the QR payload: the old one stops working', async () => {
    const card = await create({});
    const at = new Date();
    const before = await checkStaffCard(
      t.database.db,
      qsh,
      { mode: 'qr', value: card.qrCode },
      gate['N-IN-01']!,
      at,
    );
    expect(before.allowed).toBe(true);
    const res = await call('admin', 'POST', `${B}/resetQr`, { id: card.id });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().data.qrCode as string;
    expect(fresh).not.toBe(card.qrCode);
    const old = await checkStaffCard(
      t.database.db,
      qsh,
      { mode: 'qr', value: card.qrCode },
      gate['N-IN-01']!,
      at,
    );
    expect(old).toMatchObject({ allowed: false, reason: 'unknown' });
    const now = await checkStaffCard(t.database.db, qsh, { mode: 'qr', value: fresh }, gate['N-IN-01']!, at);
    expect(now.allowed).toBe(true);
    expect400(await call('admin', 'POST', `${B}/resetQr`, { id: 'x' }), 'id');
  });

  it('deletes a card', async () => {
    const card = await create({});
    expect((await call('admin', 'GET', `${B}/delete?id=${card.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `${B}/query?id=${card.id}`)).statusCode).toBe(404);
    expect400(await call('admin', 'GET', `${B}/delete`), 'id');
  });

  it('needs admin:entryCode:update / delete', async () => {
    const card = await create({});
    expect((await call('staff', 'POST', `${B}/update`, { id: card.id, remark: 'x' })).statusCode).toBe(403);
    expect((await call('staff', 'POST', `${B}/status`, { ids: [card.id], status: 2 })).statusCode).toBe(403);
    expect((await call('staff', 'POST', `${B}/resetQr`, { id: card.id })).statusCode).toBe(403);
    expect((await call('staff', 'GET', `${B}/delete?id=${card.id}`)).statusCode).toBe(403);
  });

  it("cannot touch another area's card", async () => {
    const card = await create({});
    expect((await call('yunling', 'POST', `${B}/update`, { id: card.id, remark: 'x' })).statusCode).toBe(404);
    expect((await call('yunling', 'POST', `${B}/status`, { ids: [card.id], status: 2 })).statusCode).toBe(
      404,
    );
    expect((await call('yunling', 'POST', `${B}/resetQr`, { id: card.id })).statusCode).toBe(404);
    expect((await call('yunling', 'GET', `${B}/delete?id=${card.id}`)).statusCode).toBe(404);
    const [still] = await t.database.db.select().from(staffCards).where(eq(staffCards.id, card.id));
    expect(still).toMatchObject({ status: 1, remark: '', qrCode: card.qrCode });
  });
});

describe('checkStaffCard', () => {
  const at = new Date('2026-06-01T10:00:00+08:00');
  async function seeded(department: string) {
    const [card] = await t.database.db
      .select()
      .from(staffCards)
      .where(and(eq(staffCards.scenicId, qsh), eq(staffCards.department, department)));
    return card!;
  }

  it('admits an enabled card in a mode and at a gate it allows, inside its validity', async () => {
    const guard = await seeded('保安');
    const res = await checkStaffCard(
      t.database.db,
      qsh,
      { mode: 'icCard', value: 'IC-0001' },
      gate['BUS-01']!,
      at,
    );
    expect(res).toMatchObject({ allowed: true, card: { id: guard.id } });
    const seller = await seeded('售票员');
    const byId = await checkStaffCard(
      t.database.db,
      qsh,
      { mode: 'idCard', value: seller.idNumber!.toLowerCase() },
      gate['N-OUT-01']!,
      at,
    );
    expect(byId.allowed).toBe(true);
  });

  it('refuses with a reason code and texts in both languages', async () => {
    const db = t.database.db;
    const cleaner = await seeded('保洁');
    const guide = await seeded('导游');
    const fixer = await seeded('维修');
    const cases: [Parameters<typeof checkStaffCard>[2], number, Date, string][] = [
      [{ mode: 'qr', value: 'nope' }, gate['S-IN-01']!, at, 'unknown'],
      [{ mode: 'qr', value: '' }, gate['S-IN-01']!, at, 'unknown'],
      [{ mode: 'face', value: 'abc' }, gate['S-IN-01']!, at, 'unknown'],
      [{ mode: 'icCard', value: 'IC-0005' }, gate['S-IN-01']!, at, 'disabled'],
      [
        { mode: 'icCard', value: 'IC-0001' },
        gate['S-IN-01']!,
        new Date('2023-06-01T00:00:00Z'),
        'notYetValid',
      ],
      [{ mode: 'idCard', value: guide.idNumber! }, gate['N-IN-01']!, at, 'expired'],
      [{ mode: 'qr', value: cleaner.qrCode }, gate['N-IN-01']!, at, 'gateNotAllowed'],
      [{ mode: 'idCard', value: fixer.idNumber! }, gate['S-IN-01']!, at, 'disabled'],
      [{ mode: 'face', value: String(cleaner.id) }, gate['S-IN-01']!, at, 'modeNotAllowed'],
    ];
    for (const [read, gateId, when, reason] of cases) {
      const res = await checkStaffCard(db, qsh, read, gateId, when);
      expect(res, `${read.mode} ${read.value}`).toMatchObject({ allowed: false, reason });
      if (!res.allowed) {
        expect(res.message.zh).toBeTruthy();
        expect(res.message.en).toBeTruthy();
      }
    }
    // the end of the validity is exclusive
    const edge = await checkStaffCard(
      db,
      qsh,
      { mode: 'qr', value: cleaner.qrCode },
      gate['S-IN-01']!,
      cleaner.validTo,
    );
    expect(edge).toMatchObject({ allowed: false, reason: 'expired' });
  });

  it("does not find another area's card", async () => {
    const guard = await seeded('保安');
    const res = await checkStaffCard(t.database.db, ylgz, { mode: 'qr', value: guard.qrCode }, ylGate, at);
    expect(res).toMatchObject({ allowed: false, reason: 'unknown' });
  });
});
