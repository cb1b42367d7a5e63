import { endpoints } from './endpoints.ts';

/**
 * Image uploads (multipart field "file"): `uploadUnMove` for the console (docs/product.md §7: product and
 * rich-text images, avatars), `uploadSysCopyRight` for the copyright screen's site icon.
 */
export const storageApi = endpoints('/web/api/ticket/storage', ['uploadUnMove', 'uploadSysCopyRight']);
