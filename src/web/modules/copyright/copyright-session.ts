import type { CopyrightContent } from '../../../shared/api/copyright.ts';
import type { copyrightApi } from '../../../shared/api/endpoints.ts';
import { storageApi } from '../../../shared/api/storage.ts';
import { feedback } from '../../lib/feedback.ts';
import { t } from '../../lib/i18n.ts';
import { post, type RequestOptions } from '../../lib/request.ts';
import { StorageKey, read, remove, write } from '../../lib/storage.ts';

/** Site icon upload of the copyright session (multipart field `file`). */
export const UPLOAD_URL = storageApi.uploadSysCopyRight;

/** The separate copyright-management token (docs/product.md §6), independent of the console session. */
export function copyrightToken(): string | null {
  return read(StorageKey.copyrightToken);
}

export function saveCopyrightToken(token: string): void {
  write(StorageKey.copyrightToken, token);
}

export function clearCopyrightToken(): void {
  remove(StorageKey.copyrightToken);
}

/** The copyright session has ended (HTTP 401): say so once, forget the token, back to /copLogin. */
export function sessionEnded(): void {
  if (!copyrightToken()) return;
  clearCopyrightToken();
  void feedback().then(({ message }) => message.warning(t('copyright:sessionEnded')));
  window.location.hash = '#/copLogin';
}

/**
 * A call of the copyright session: its token travels in the `token` header; a 401 ends only this
 * session, never the console's (the request layer's 401 dialog and logout are bypassed).
 */
export function copyrightPost<T>(
  url: (typeof copyrightApi)['page' | 'add' | 'update'],
  data: unknown,
  options: Pick<RequestOptions, 'silent'> = {},
): Promise<T> {
  return post<T>(url, data, {
    ...options,
    auth: false,
    headers: { token: copyrightToken() ?? '' },
    onUnauthorized: sessionEnded,
  });
}

/** copContent is JSON text (docs/product.md §3); a record that does not parse shows as empty. */
export function parseContent(text: string | undefined): CopyrightContent {
  try {
    const parsed = JSON.parse(text ?? '') as Partial<CopyrightContent>;
    return { siteIcon: parsed.siteIcon ?? '', siteTitle: parsed.siteTitle ?? '' };
  } catch {
    return { siteIcon: '', siteTitle: '' };
  }
}
