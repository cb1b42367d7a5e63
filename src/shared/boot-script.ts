/** The public routes other than /login (src/web/app/router.tsx): they open in the console itself. */
export const CONSOLE_PUBLIC_PATHS = [
  '/auth-redirect',
  '/changePassword',
  '/404',
  '/401',
  '/copLogin',
  '/copyright',
] as const;

/** The access token's local-storage key (src/web/lib/storage.ts, docs/product.md §3). */
export const ACCESS_TOKEN_KEY = 'backstage_scenic_access_token';

/**
 * The one inline script of index.html, run before the body is parsed. index.html carries the login
 * form prerendered (vite.config.ts); when the console itself will open instead (a session, or
 * another public screen), this marks the document so the prerendered form is never shown
 * (styles.css). The server's content security policy allows exactly this script, by its hash.
 */
export const BOOT_SCRIPT = `try{var p=(location.hash.replace(/^#/,"")||"/").split("?")[0];if(localStorage.getItem(${JSON.stringify(
  ACCESS_TOKEN_KEY,
)})||${JSON.stringify(CONSOLE_PUBLIC_PATHS)}.indexOf(p)>=0)document.documentElement.setAttribute("data-boot","console")}catch(e){}`;
