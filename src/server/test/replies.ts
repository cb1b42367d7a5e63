import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

/** What the tests read of an injected reply. */
export interface Reply {
  statusCode: number;
  body: string;
}

/** The `data` of a 200 reply (or of a reply still to come); any other status fails with the body. */
export async function data<T>(res: Reply | PromiseLike<Reply>): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return (JSON.parse(r.body) as { data: T }).data;
}

/** A 400 reply that names `field` as the one that is wrong. */
export function expect400(res: Reply, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(JSON.parse(res.body).data.field).toBe(field);
}

/** One page of a list: its rows and the total. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/**
 * Calls as the accounts whose tokens `tok` holds, on the app `app()` gives (read at each call):
 * `call(who, method, url, body, headers)` answers the raw reply; `page(who, url, body)` the rows and total of
 * a list, asked with a limit of 100; `publicGet(url, headers)` a GET without a token. With `strict`,
 * calling as a `who` that has no token throws (a mistake of the test, not a call without a token).
 */
export function callsAs(app: () => TestApp, tok: Record<string, string>, { strict = false } = {}) {
  const tokenOf = (who: string) => {
    const token = tok[who];
    if (strict && token === undefined) throw new Error(`no token for ${who}`);
    return token!;
  };
  const call = (
    who: string,
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => app().call(tokenOf(who), method, url, body, headers);
  const page = <T>(who: string, url: string, body: Record<string, unknown> = {}) =>
    call(who, 'POST', url, { limit: 100, ...body }).then((res) => data<Page<T>>(res));
  const publicGet = (url: string, headers: Record<string, string> = {}) =>
    app().call(null, 'GET', url, undefined, headers);
  return { call, page, publicGet };
}
