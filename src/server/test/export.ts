import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { grantRole } from './grant.ts';
import { createTestApp, xlsxText, type TestApp } from './harness.ts';

/** An export reply that is an .xlsx file whose name holds `title`; returns the workbook text. */
export function expectXlsx(res: LightMyRequestResponse, title: string): string {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent(title));
  return xlsxText(res.rawPayload);
}

/**
 * The export at `url` refuses an unknown field (400 naming it) from the caller holding `allowed`, a
 * caller holding `refused` that lacks its permission (403) and a call without a token (401).
 */
export async function expectRefusals(t: TestApp, url: string, allowed: string, refused: string) {
  const bad = await t.call(allowed, 'POST', url, { colour: 'red' });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().data.field).toBe('colour');
  expect((await t.call(refused, 'POST', url, {})).statusCode).toBe(403);
  expect((await t.call(null, 'POST', url, {})).statusCode).toBe(401);
}

type ExportAs = (
  who: 'admin' | 'staff',
  body: unknown,
  headers?: Record<string, string>,
) => Promise<LightMyRequestResponse>;

/**
 * The workbooks an area check compares: the platform admin's export in its own area (`own`) and in
 * area 2 (`second`), and the export of `staff`, an area caller (which must answer 200).
 */
export async function areaSheets(exportAs: ExportAs) {
  const own = xlsxText((await exportAs('admin', {})).rawPayload);
  const second = xlsxText((await exportAs('admin', {}, { 'x-scenic-id': '2' })).rawPayload);
  const res = await exportAs('staff', {});
  expect(res.statusCode).toBe(200);
  return { own, second, staff: xlsxText(res.rawPayload) };
}

/** The tokens of the accounts an export test calls as. */
export type ExportTokens = Record<'admin' | 'staff' | 'shop', string>;

/**
 * A test app where admin, staff and shop are logged in, and staff (an account of area 1, not a
 * platform account) holds `staffPerms` through an extra role named 额外角色.
 */
export async function openExportApp(staffPerms: string[]): Promise<{ t: TestApp; tok: ExportTokens }> {
  const t = await createTestApp({ loginRateLimit: 1000 });
  const tok: ExportTokens = { admin: '', staff: '', shop: '' };
  for (const name of Object.keys(tok) as (keyof ExportTokens)[])
    tok[name] = (await t.login(name)).access_token;
  await grantRole(t, 'staff', staffPerms, '额外角色');
  return { t, tok };
}
