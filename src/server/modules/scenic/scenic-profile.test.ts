import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PasswordSchema } from '../../../shared/api/auth.ts';
import { roleApi } from '../../../shared/api/roles.ts';
import {
  publicScenicApi,
  scenicApi,
  scenicProfileApi,
  type ScenicProfile,
} from '../../../shared/api/scenic.ts';
import { settingApi } from '../../../shared/api/settings.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { auditLogs } from '../audit/index.ts';
import { scenicAreas } from './scenic.table.ts';

let t: TestApp;
const tok: Record<'admin' | 'staff' | 'yunling', string> = { admin: '', staff: '', yunling: '' };
let qsh: number;
let ylgz: number;

beforeAll(async () => {
  t = await createTestApp();
  // yunling (staff of area 2) may edit its profile; staff (area 1) may only view
  await t.grant('yunling', ['admin:scenic:profile']);
  for (const name of Object.keys(tok) as (keyof typeof tok)[]) tok[name] = (await t.login(name)).access_token;
  const rows = (await t.call(tok.admin, 'POST', scenicApi.page, {})).json().data.rows as {
    id: number;
    code: string;
  }[];
  qsh = rows.find((r) => r.code === 'QSH')!.id;
  ylgz = rows.find((r) => r.code === 'YLGZ')!.id;
});
afterAll(() => t.close());

async function profile(id: number, token = tok.admin): Promise<ScenicProfile> {
  const res = await t.call(token, 'GET', `${scenicProfileApi.query}?id=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ScenicProfile;
}
const update = (who: keyof typeof tok | string, body: Record<string, unknown>) =>
  t.call(who in tok ? tok[who as keyof typeof tok] : who, 'POST', scenicProfileApi.update, body);

describe('the demo profiles', () => {
  it('gives both demo areas a full profile', async () => {
    for (const id of [qsh, ylgz]) {
      const p = await profile(id);
      expect(p.level).toBeGreaterThanOrEqual(4);
      expect(p.openingSeasons.length).toBeGreaterThanOrEqual(2);
      expect(p.latitude).not.toBeNull();
      expect(p.longitude).not.toBeNull();
      expect(p.phone).not.toBe('');
      expect(p.traffic).not.toBe('');
      expect(p.intro).toContain('<strong>');
    }
    expect((await profile(qsh)).name).toBe('青山湖风景区');
  });
});

describe('GET query', () => {
  it('shows staff its own area, another area is not found', async () => {
    expect((await profile(qsh, tok.staff)).id).toBe(qsh);
    const other = await t.call(tok.staff, 'GET', `${scenicProfileApi.query}?id=${ylgz}`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('云岭');
  });
});

describe('POST update', () => {
  it('lets a platform administrator edit any area, sanitising the introduction, and audits it', async () => {
    const res = await update('admin', {
      id: ylgz,
      level: 5,
      latitude: 25.7,
      longitude: 100.1,
      openingSeasons: [{ name: '全年', from: '01-01', to: '12-31', openTime: '08:00', closeTime: '21:30' }],
      intro:
        '<p onclick="steal()">古镇<strong>夜市</strong><script>alert(1)</script><a href="javascript:alert(1)">链接</a></p>',
      traffic: '乘 8 路公交到达',
      gallery: ['/uploads/a.png', 'https://example.com/b.jpg'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = await profile(ylgz);
    expect(saved).toMatchObject({
      level: 5,
      latitude: 25.7,
      longitude: 100.1,
      traffic: '乘 8 路公交到达',
      gallery: ['/uploads/a.png', 'https://example.com/b.jpg'],
      openingSeasons: [{ name: '全年', from: '01-01', to: '12-31', openTime: '08:00', closeTime: '21:30' }],
      // untouched fields stay
      name: '云岭古镇',
      contact: '李敏',
    });
    expect(saved.intro).toContain('<strong>夜市</strong>');
    expect(saved.intro).not.toMatch(/script|onclick|javascript/);
    expect(res.json().data.intro).toBe(saved.intro);

    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'scenicArea'), eq(auditLogs.targetId, String(ylgz))));
    expect(audit.map((a) => a.action)).toContain('update');
  });

  it('lets area staff with the profile permission edit its own area, and finds no other', async () => {
    const before = await profile(qsh);
    const own = await update('yunling', {
      id: ylgz,
      phone: '0872-2666888',
      address: '云南省大理州云岭镇古镇路 8 号',
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(await profile(ylgz)).toMatchObject({
      phone: '0872-2666888',
      address: '云南省大理州云岭镇古镇路 8 号',
    });

    const other = await update('yunling', { id: qsh, phone: '000' });
    expect(other.statusCode).toBe(404);
    expect(await profile(qsh)).toEqual(before);
  });

  it('answers 403 without the profile permission, and to staff changing the status', async () => {
    const res = await update('staff', { id: qsh, phone: '123' });
    expect(res.statusCode).toBe(403);
    expect(res.json().data).toEqual({ required: 'admin:scenic:profile' });

    const status = await update('yunling', { id: ylgz, status: 2 });
    expect(status.statusCode).toBe(403);
    expect(status.json().msg).toBe('只有平台管理员可以启用或停用景区');
    expect((await profile(ylgz)).status).toBe(1);
  });

  it('refuses bad input naming the field, changing nothing', async () => {
    const before = await profile(ylgz);
    const cases: [Record<string, unknown>, string][] = [
      [{ latitude: 91, longitude: 100 }, 'latitude'],
      [{ latitude: 25, longitude: -181 }, 'longitude'],
      // one end of the position alone (checked on the merged record too)
      [{ latitude: null }, 'longitude'],
      [{ latitude: 20, longitude: null }, 'longitude'],
      [
        {
          openingSeasons: [{ name: '春', from: '02-30', to: '03-31', openTime: '08:00', closeTime: '17:00' }],
        },
        'openingSeasons.0.from',
      ],
      [
        {
          openingSeasons: [{ name: '春', from: '03-01', to: '3-31', openTime: '08:00', closeTime: '17:00' }],
        },
        'openingSeasons.0.to',
      ],
      [
        {
          openingSeasons: [{ name: '春', from: '03-01', to: '05-31', openTime: '18:00', closeTime: '17:00' }],
        },
        'openingSeasons.0.closeTime',
      ],
      [
        {
          openingSeasons: [{ name: '春', from: '03-01', to: '05-31', openTime: '8:00', closeTime: '17:00' }],
        },
        'openingSeasons.0.openTime',
      ],
      [
        {
          openingSeasons: [{ name: ' ', from: '03-01', to: '05-31', openTime: '08:00', closeTime: '17:00' }],
        },
        'openingSeasons.0.name',
      ],
      [
        {
          openingSeasons: [
            { name: '冬', from: '11-01', to: '02-28', openTime: '08:00', closeTime: '17:00' },
            { name: '春', from: '02-15', to: '05-31', openTime: '08:00', closeTime: '17:00' },
          ],
        },
        'openingSeasons.1.from',
      ],
      [{ cover: 'javascript:alert(1)' }, 'cover'],
      [{ gallery: ['/uploads/a.png', 'ftp://x/y.png'] }, 'gallery.1'],
      [{ gallery: Array.from({ length: 10 }, (_, i) => `/uploads/${i}.png`) }, 'gallery'],
      [{ intro: '<script>alert(1)</script>' }, 'intro'],
      [{ name: '' }, 'name'],
      [{ level: 6 }, 'level'],
      [{ phone: '电话' }, 'phone'],
      [{ code: 'NEW' }, 'code'],
    ];
    for (const [body, field] of cases) {
      const res = await update('admin', { id: ylgz, ...body });
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400);
      expect(res.json().data, JSON.stringify(body)).toMatchObject({ field });
      expect(res.json().msg).toContain(field);
    }
    expect(await profile(ylgz)).toEqual(before);
  });

  it('accepts a season over the new year and a cleared position', async () => {
    const res = await update('admin', {
      id: ylgz,
      latitude: null,
      longitude: null,
      openingSeasons: [
        { name: '冬季', from: '11-01', to: '02-29', openTime: '09:00', closeTime: '17:00' },
        { name: '其他', from: '03-01', to: '10-31', openTime: '08:00', closeTime: '18:00' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await profile(ylgz)).toMatchObject({ latitude: null, longitude: null });
  });

  it('answers 409 naming name when another area has it', async () => {
    const res = await update('admin', { id: ylgz, name: '青山湖风景区' });
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toEqual({ field: 'name' });
    expect((await profile(ylgz)).name).toBe('云岭古镇');
  });
});

describe('POST create', () => {
  const body = {
    code: 'BYS',
    name: '白云山景区',
    level: 4,
    contact: '周凯',
    phone: '020-86660000',
    address: '广东省广州市白云区白云山路 1 号',
    adminUsername: 'baiyun_admin',
    adminNickname: '周凯',
  };
  const count = async () => (await t.database.db.select({ id: scenicAreas.id }).from(scenicAreas)).length;

  it('answers 403 to area staff, with or without the permission', async () => {
    const without = await t.call(tok.staff, 'POST', scenicProfileApi.create, body);
    expect(without.statusCode).toBe(403);
    await t.grant('staff', ['admin:scenic:create']);
    const staff = (await t.login('staff')).access_token;
    const withPerm = await t.call(staff, 'POST', scenicProfileApi.create, body);
    expect(withPerm.statusCode).toBe(403);
    expect(withPerm.json().msg).toBe('只有平台管理员可以新增景区');
    expect(await count()).toBe(2);
  });

  it('refuses bad input naming the field', async () => {
    for (const [patch, field] of [
      [{ code: 'B Y' }, 'code'],
      [{ name: '' }, 'name'],
      [{ adminUsername: '' }, 'adminUsername'],
      [{ adminUsername: 'a b' }, 'adminUsername'],
      [{ phone: 'x' }, 'phone'],
    ] as const) {
      const res = await t.call(tok.admin, 'POST', scenicProfileApi.create, { ...body, ...patch });
      expect(res.statusCode).toBe(400);
      expect(res.json().data).toMatchObject({ field });
    }
    expect(await count()).toBe(2);
  });

  it('answers 409 naming the field for a code, name or user name in use, creating nothing', async () => {
    for (const [patch, field] of [
      [{ code: 'QSH' }, 'code'],
      [{ name: '云岭古镇' }, 'name'],
      [{ adminUsername: 'STAFF' }, 'adminUsername'],
    ] as const) {
      const res = await t.call(tok.admin, 'POST', scenicProfileApi.create, { ...body, ...patch });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().data).toEqual({ field });
      expect(res.json().msg).toContain(field);
    }
    expect(await count()).toBe(2);
  });

  it('creates the area, its default roles, settings and an administrator who logs in and sees only it', async () => {
    const res = await t.call(tok.admin, 'POST', scenicProfileApi.create, body);
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data as {
      id: number;
      adminId: number;
      adminUsername: string;
      initialPassword: string;
    };
    expect(created.adminUsername).toBe('baiyun_admin');
    expect(PasswordSchema.safeParse(created.initialPassword).success).toBe(true);
    expect(await count()).toBe(3);

    // the initial password must be changed first
    await expect(t.login('baiyun_admin', created.initialPassword)).rejects.toThrow(
      /password_change_required/,
    );
    const change = await t.app.inject({
      method: 'POST',
      url: '/web/api/ticket/auth/changeInitialPassword',
      payload: {
        username: 'baiyun_admin',
        oldPassword: t.encrypt(created.initialPassword),
        newPassword: t.encrypt('Baiyun2026'),
      },
    });
    expect(change.statusCode, change.body).toBe(200);
    const token = (await t.login('baiyun_admin', 'Baiyun2026')).access_token;

    const list = await t.call(token, 'POST', scenicApi.page, {});
    expect(list.json().data.rows.map((r: { id: number }) => r.id)).toEqual([created.id]);
    expect((await profile(created.id, token)).name).toBe('白云山景区');
    expect((await t.call(token, 'GET', `${scenicProfileApi.query}?id=${qsh}`)).statusCode).toBe(404);
    // it may edit its own profile (scenic_admin holds every non-platform permission)
    expect((await update(token, { id: created.id, traffic: '地铁 2 号线' })).statusCode).toBe(200);
    // but never create areas: a platform permission
    expect((await t.call(token, 'POST', scenicProfileApi.create, { ...body, code: 'X' })).statusCode).toBe(
      403,
    );

    const settings = await t.call(token, 'GET', settingApi.query);
    expect(settings.json().data).toMatchObject({
      scenicId: created.id,
      saved: true,
      contact: '周凯',
      phone: '020-86660000',
    });
    const roles = await t.call(token, 'POST', roleApi.page, {});
    expect(roles.statusCode, roles.body).toBe(200);
    expect(
      roles
        .json()
        .data.rows.map((r: { code: string }) => r.code)
        .sort(),
    ).toEqual(['scenic_admin', 'scenic_staff']);

    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'scenicArea'), eq(auditLogs.targetId, String(created.id))))
      .orderBy(auditLogs.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(JSON.stringify(audit)).not.toContain(created.initialPassword);
  });
});

describe('POST create, racing', () => {
  it('gives one of two creations with the same user name the area, the other a 409 on adminUsername', async () => {
    const before = (await t.database.db.select({ id: scenicAreas.id }).from(scenicAreas)).length;
    const results = await Promise.all(
      ['R1', 'R2'].map((code) =>
        t.call(tok.admin, 'POST', scenicProfileApi.create, {
          code,
          name: `竞速景区 ${code}`,
          adminUsername: 'race_admin',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().data).toEqual({ field: 'adminUsername' });
    // the loser left nothing behind: one more area, and only the winner's
    const after = await t.database.db.select({ code: scenicAreas.code }).from(scenicAreas);
    expect(after.length).toBe(before + 1);
  });
});

describe('GET /api/public/scenic/profile', () => {
  it('answers an enabled area without internal fields, cacheable with an ETag', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${publicScenicApi.profile}?scenicId=${qsh}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const data = res.json().data as Record<string, unknown>;
    expect(data).toMatchObject({ id: qsh, name: '青山湖风景区', level: 5 });
    expect(Object.keys(data).sort()).toEqual(
      [
        'address',
        'cover',
        'gallery',
        'id',
        'intro',
        'latitude',
        'level',
        'longitude',
        'name',
        'openingSeasons',
        'phone',
        'traffic',
      ].sort(),
    );
    const again = await t.app.inject({
      method: 'GET',
      url: `${publicScenicApi.profile}?scenicId=${qsh}`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for a disabled or unknown area and 400 for a bad id', async () => {
    const created = await t.call(tok.admin, 'POST', scenicProfileApi.create, {
      code: 'OFF',
      name: '停用景区',
      adminUsername: 'off_admin',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    expect(
      (await t.app.inject({ method: 'GET', url: `${publicScenicApi.profile}?scenicId=${id}` })).statusCode,
    ).toBe(200);
    expect((await update('admin', { id, status: 2 })).statusCode).toBe(200);
    const off = await t.app.inject({ method: 'GET', url: `${publicScenicApi.profile}?scenicId=${id}` });
    expect(off.statusCode).toBe(404);
    expect(off.body).not.toContain('停用景区');
    expect(
      (await t.app.inject({ method: 'GET', url: `${publicScenicApi.profile}?scenicId=999999` })).statusCode,
    ).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: `${publicScenicApi.profile}?scenicId=abc` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toMatchObject({ field: 'scenicId' });
  });
});
