import dayjs, { type Dayjs } from 'dayjs';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../shared/api/common.ts';
import { cleanParams } from './query.ts';
import type { SearchFieldDef } from './types.ts';

export type SortOrder = 'asc' | 'desc';

/** What a list screen keeps in its tab's query string. */
export interface ListState {
  /** The search form's values (a date range as [Dayjs, Dayjs]). */
  values: Record<string, unknown>;
  page: number;
  limit: number;
  sort?: string;
  order?: SortOrder;
}

// Numeric-looking codes go back to numbers so they match the dictionary's and the API's.
const codeOf = (text: string): number | string => (/^-?\d+$/.test(text) ? Number(text) : text);

function positiveInt(text: string | null): number | undefined {
  const n = Number(text);
  return text && Number.isInteger(n) && n > 0 ? n : undefined;
}

/** Reads the list state from a query string; unknown or malformed parameters are ignored. */
export function parseListState(
  search: string,
  fields: readonly SearchFieldDef[],
  sortable: readonly string[],
): ListState {
  const query = new URLSearchParams(search);
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.kind === 'dateRange') {
      const from = query.get(field.from);
      const to = query.get(field.to);
      const start = from ? dayjs(from) : null;
      const end = to ? dayjs(to) : null;
      if (start?.isValid() || end?.isValid())
        values[field.name] = [start?.isValid() ? start : null, end?.isValid() ? end : null];
      continue;
    }
    const all = query.getAll(field.name).filter((v) => v !== '');
    if (!all.length) continue;
    if (field.kind === 'dict') values[field.name] = field.multiple ? all.map(codeOf) : codeOf(all[0]!);
    else if (field.kind === 'number') {
      const n = Number(all[0]);
      if (Number.isFinite(n)) values[field.name] = n;
    } else values[field.name] = all[0];
  }
  const limit = positiveInt(query.get('limit'));
  const sort = query.get('sort') ?? undefined;
  const order = query.get('order');
  return {
    values,
    page: positiveInt(query.get('page')) ?? 1,
    limit: limit && (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
    ...(sort && sortable.includes(sort)
      ? { sort, order: order === 'asc' ? ('asc' as const) : ('desc' as const) }
      : {}),
  };
}

type RangeValue = readonly [Dayjs | null | undefined, Dayjs | null | undefined] | null | undefined;

function rangeEnds(field: Extract<SearchFieldDef, { kind: 'dateRange' }>, value: unknown) {
  const [start, end] = (value as RangeValue) ?? [];
  if (field.dateOnly) return { from: start?.format('YYYY-MM-DD'), to: end?.format('YYYY-MM-DD') };
  // whole days: from the start of the first to the last millisecond of the last
  const from = start && (field.time ? start : start.startOf('day'));
  const to = end && (field.time ? end : end.endOf('day'));
  return { from: from?.toISOString(), to: to?.toISOString() };
}

/** The URL parameters a list state owns. */
function ownedParams(fields: readonly SearchFieldDef[]): Set<string> {
  const names = fields.flatMap((f) => (f.kind === 'dateRange' ? [f.from, f.to] : [f.name]));
  return new Set([...names, 'page', 'limit', 'sort', 'order']);
}

/**
 * The query string of a list state: defaults (page 1, 20 rows, no sort) and empty filters left out.
 * The parameters of `base` the list does not own (a parent record's `?productId=`) are kept.
 */
export function serializeListState(state: ListState, fields: readonly SearchFieldDef[], base = ''): string {
  const owned = ownedParams(fields);
  const query = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(base)) if (!owned.has(name)) query.append(name, value);
  for (const field of fields) {
    const value = state.values[field.name];
    if (field.kind === 'dateRange') {
      const { from, to } = rangeEnds(field, value);
      if (from) query.set(field.from, from);
      if (to) query.set(field.to, to);
      continue;
    }
    const list = Array.isArray(value) ? value : [value];
    for (const item of list) {
      const text = typeof item === 'string' ? item.trim() : item;
      if (text !== undefined && text !== null && text !== '') query.append(field.name, String(text));
    }
  }
  if (state.page > 1) query.set('page', String(state.page));
  if (state.limit !== DEFAULT_PAGE_SIZE) query.set('limit', String(state.limit));
  if (state.sort) {
    query.set('sort', state.sort);
    query.set('order', state.order ?? 'desc');
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The filters of the request body (no paging): mapped names, dictionary values, ISO date ends. */
export function filtersBody(
  values: Record<string, unknown>,
  fields: readonly SearchFieldDef[],
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'dateRange') {
      const { from, to } = rangeEnds(field, value);
      body[field.from] = from;
      body[field.to] = to;
    } else if (field.kind === 'dict') {
      const empty = value === undefined || value === null || (Array.isArray(value) && !value.length);
      const map = field.toParam;
      body[field.param ?? field.name] =
        empty || !map
          ? value
          : Array.isArray(value)
            ? value.map((v) => map(v as number | string))
            : map(value as number | string);
    } else body[field.name] = value;
  }
  return cleanParams(body);
}

/** The sort of a request: the one chosen, else the list's default, else none (the server's). */
export function sortBody(
  state: Pick<ListState, 'sort' | 'order'>,
  defaultSort?: { sort: string; order: SortOrder },
): { sort?: string; order?: SortOrder } {
  if (state.sort) return { sort: state.sort, order: state.order ?? 'desc' };
  return defaultSort ? { ...defaultSort } : {};
}

/** The request body of a list query: filters, paging and the sort. */
export function listBody(
  state: ListState,
  fields: readonly SearchFieldDef[],
  defaultSort?: { sort: string; order: SortOrder },
): Record<string, unknown> {
  return {
    ...filtersBody(state.values, fields),
    page: state.page,
    limit: state.limit,
    ...sortBody(state, defaultSort),
  };
}
