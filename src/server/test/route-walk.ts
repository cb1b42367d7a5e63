import { sql } from 'drizzle-orm';
import type { RouteRecord } from '../app.ts';
import { queryRows } from '../db/rows.ts';
import { type CallerKind, isInfraPublic } from '../http/access.ts';
import { memberApi } from '../../shared/api/member-api.ts';
import { ADMIN_PASSWORD, type TestApp } from './harness.ts';

/**
 * What the route-walking tests share (route-sweep*.test.ts, client-sweep, member-sweep): the routes,
 * their methods and fields, and a caller each route admits. Test code, not a route.
 */

/** Every route with an access declaration, except the infrastructure's public ones. */
export const apiRoutes = (t: TestApp): RouteRecord[] =>
  t.app.routeRecords.filter((r) => r.access && !isInfraPublic(r.url));

/** The methods a route answers, without the HEAD that Fastify adds to every GET. */
export const methodsOf = (route: RouteRecord) =>
  (Array.isArray(route.method) ? route.method : [route.method]).filter(
    (m): m is 'GET' | 'POST' => m === 'GET' || m === 'POST',
  );

type Def = { type: string; shape?: Record<string, unknown> };

/** A schema's definition through optional, default, pipe… */
function unwrap(schema: unknown): Def {
  let def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  while (def) {
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!inner) break;
    def = (inner as { _zod: { def: Record<string, unknown> } })._zod.def;
  }
  return (def as Def | undefined) ?? { type: 'unknown' };
}

/** The field names at the top level of a request schema. */
export function fieldsOf(schema: unknown): string[] {
  const top = unwrap(schema);
  return top.type === 'object' && top.shape ? Object.keys(top.shape) : [];
}

/** The string fields at the top level of a request schema. */
export function stringFields(schema: unknown): string[] {
  const top = unwrap(schema);
  if (top.type !== 'object' || !top.shape) return [];
  return Object.entries(top.shape)
    .filter(([, field]) => unwrap(field).type === 'string')
    .map(([key]) => key);
}

export interface RouteCaller {
  token: string | null;
  headers: Record<string, string>;
}

/**
 * A caller for any route in area `scenicId`: the platform administrator for staff routes, the
 * copyright session, and for client routes a client of the first kind the route admits (a registered
 * device for the terminal kinds, mounted on `gateId`; the platform's client for the others; an
 * agency's own client) with a signed-in member where the route acts for one.
 */
export function routeCallers(t: TestApp, scenicId: number, gateId: number) {
  const clients = new Map<CallerKind, Promise<string | null>>();
  let admin: Promise<string> | undefined;
  let copyright: Promise<string> | undefined;
  let member: Promise<string> | undefined;

  const tokenOfKind = (kind: CallerKind): Promise<string | null> => {
    let token = clients.get(kind);
    if (!token) {
      token = (async () => {
        switch (kind) {
          case 'miniProgram':
            return t.clientToken('weixinManagement');
          case 'distribution':
            return t.clientToken('distributionManagement');
          case 'ota':
            return t.clientToken('ctripManagement');
          case 'agency': {
            const [row] = await queryRows<{ client_id: string }>(
              t.database.db,
              sql`select client_id from distributors where scenic_id = ${scenicId} and client_id is not null limit 1`,
            );
            return row ? t.clientToken(row.client_id) : null;
          }
          default: {
            const mounted = kind === 'gateDevice' || kind === 'faceDevice';
            return (await t.deviceToken(scenicId, kind, mounted ? { gateId } : {})).token;
          }
        }
      })();
      clients.set(kind, token);
    }
    return token;
  };

  const memberToken = () =>
    (member ??= (async () => {
      const res = await t.call(
        await t.clientToken('weixinManagement'),
        'POST',
        memberApi.login,
        { phone: '13900028006', nickname: '探针' },
        { 'x-scenic-id': String(scenicId) },
      );
      if (res.statusCode !== 200) throw new Error(`member login: ${res.body}`);
      return res.json<{ data: { token: string } }>().data.token;
    })());

  const copyrightToken = () =>
    (copyright ??= (async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/web/api/admin/system/copyRight/loginCheck',
        payload: { username: 'admin', password: t.encrypt(ADMIN_PASSWORD) },
      });
      return res.json<{ data: { token: string } }>().data.token;
    })());

  return async function callerOf(route: RouteRecord): Promise<RouteCaller> {
    const access = route.access!;
    switch (access.kind) {
      case 'client': {
        for (const kind of access.callers) {
          const token = await tokenOfKind(kind);
          if (!token) continue;
          const headers: Record<string, string> = { 'x-scenic-id': String(scenicId) };
          if (access.member) headers['x-member-token'] = await memberToken();
          return { token, headers };
        }
        throw new Error(`no caller for ${route.url}`);
      }
      case 'copyright':
        return { token: null, headers: { token: await copyrightToken() } };
      case 'public':
        return { token: null, headers: {} };
      default:
        return { token: await (admin ??= t.login('admin').then((r) => r.access_token)), headers: {} };
    }
  };
}
