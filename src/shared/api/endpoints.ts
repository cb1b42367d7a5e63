/**
 * The URLs of one resource's endpoints, declared once in the module's `src/shared/api` file: the
 * server registers its routes at them and the console calls them, so a path cannot drift between
 * the two. `endpoints('/web/api/admin/entryCode', ['page', 'create'])` gives
 * `{ base, page: '/web/api/admin/entryCode/page', create: '/web/api/admin/entryCode/create' }`.
 */
export function endpoints<const B extends string, const N extends string>(
  base: B,
  names: readonly N[],
): { readonly base: B } & { readonly [K in N]: `${B}/${K}` } {
  const paths: Record<string, string> = { base };
  for (const name of names) paths[name] = `${base}/${name}`;
  return paths as { readonly base: B } & { readonly [K in N]: `${B}/${K}` };
}

// The endpoints the console's shell calls before any screen loads (login, branding, session, the
// scenic switcher, the copyright login) live here, in a file that imports nothing: importing a
// module's schema file would bring zod into the login route (docs/performance.md). Their modules'
// files re-export them.

/** docs/product.md §7 login and the account's own session. */
export const authApi = endpoints('/web/api/ticket/auth', [
  'getClient',
  'getPublicKey',
  'getUserinfo',
  'logout',
  'changePassword',
  'changeInitialPassword',
]);

/** The OAuth2 token endpoint (password, refresh_token and client_credentials grants). */
export const oauthTokenApi = endpoints('/login/oauth', ['token']);

/** Copyright management, behind its own login (docs/product.md §6 copyright token). */
export const copyrightApi = endpoints('/web/api/admin/system/copyRight', [
  'loginCheck',
  'page',
  'add',
  'update',
]);

/** A terminal's branding, public. */
export const terminalCopyrightApi = endpoints('/web/api/ticket/copyRight', ['getTerCopyRight']);

/** docs/product.md §2 /scenic: scenic areas (also the layout's area switcher). */
export const scenicApi = endpoints('/web/api/ticket/scenic', ['page']);

/** docs/product.md §7: the top bar's count of open refund applications. */
export const refundCountApi = endpoints('/order', ['countRefundApply']);
