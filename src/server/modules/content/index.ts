/**
 * The public entry of the content module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export { announcements, scenicArticles } from './content.table.ts';
