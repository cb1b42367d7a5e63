/** docs/product.md §3 generic paged list response. */
export interface PageResult<T> {
  rows: T[];
  total: number;
}

/**
 * Every query key of a list starts with its url, so after a change a page can refresh all pages of
 * that list: `queryClient.invalidateQueries({ queryKey: listQueryKey(url) })`.
 */
export const listQueryKey = (url: string) => [url] as const;

/** Drops filters the user left empty, so the server sees "no filter" rather than a blank value. */
export function cleanParams(params: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    const trimmed = typeof value === 'string' ? value.trim() : value;
    if (trimmed === undefined || trimmed === null || trimmed === '') continue;
    body[key] = trimmed;
  }
  return body;
}
