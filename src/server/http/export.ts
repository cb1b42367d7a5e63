import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import writeExcelFile from 'write-excel-file/node';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DictEntry, Lang } from '../../shared/dict/dict.ts';
import { ExportText } from '../../shared/dict/log-fields.ts';
import type { Db } from '../db/client.ts';
import { DEFAULT_TIME_ZONE, areaDay, areaTimeZone, zoneOffsetMs } from '../lib/area-clock.ts';

/** The most rows one export writes; past it the file ends with a note row (design: exports by the server). */
export const EXPORT_ROW_LIMIT = 100_000;
const BATCH = 1000;

type Cell = string | number | boolean | Date | null;

/** A column of an exported list: its header in both languages and how a row becomes a cell. */
export interface ExportColumn<R> {
  header: DictEntry;
  value: (row: R, lang: Lang) => Cell;
  /** money: cents shown as yuan with two decimals; datetime: a real Excel date-time. */
  kind?: 'text' | 'number' | 'money' | 'datetime';
  width?: number;
}

/** Several texts in one cell (e.g. the names of an account's roles). */
export function joinTexts(texts: string[], lang: Lang): string {
  return texts.join(lang === 'zh' ? '、' : ', ');
}

function cell(value: Cell, kind: ExportColumn<unknown>['kind'], timeZone: string) {
  // no value, and no time (a record not resolved yet): an empty cell
  if (value == null || (kind === 'datetime' && value === '')) return null;
  if (kind === 'money' && typeof value === 'number')
    return { value: value / 100, type: Number, format: '0.00' };
  if (kind === 'datetime') {
    const date = value instanceof Date ? value : new Date(String(value));
    // a spreadsheet time has no zone: write the area's wall clock (the writer reads a Date as UTC)
    return {
      value: new Date(date.getTime() + zoneOffsetMs(date, timeZone)),
      type: Date,
      format: 'yyyy-mm-dd hh:mm:ss',
    };
  }
  if (kind === 'text' || typeof value === 'string')
    return { value: String(value), type: String, format: '@' };
  return { value };
}

/**
 * Writes the rows of a list query, all pages of the current filter, as an .xlsx download: headers
 * and dictionary texts in the request's language, money in yuan, times and the file name's date on
 * the clock of the acting scenic area. Rows are fetched in batches.
 */
export async function sendXlsx<R>(
  req: FastifyRequest,
  reply: FastifyReply,
  options: {
    fileName: DictEntry;
    columns: ExportColumn<R>[];
    fetch: (offset: number, limit: number) => Promise<R[]>;
    /** The note written when the limit is reached; `{limit}` is replaced. */
    limitNote?: DictEntry;
  },
) {
  const lang = req.lang;
  const timeZone = await exportTimeZone(req);
  const sheet: (ReturnType<typeof cell> | { value: string; fontWeight: 'bold' })[][] = [
    options.columns.map((c) => ({ value: c.header[lang], fontWeight: 'bold' as const })),
  ];
  let written = 0;
  for (let offset = 0; written < EXPORT_ROW_LIMIT; offset += BATCH) {
    const rows = await options.fetch(offset, Math.min(BATCH, EXPORT_ROW_LIMIT - written));
    for (const row of rows)
      sheet.push(options.columns.map((c) => cell(c.value(row, lang), c.kind, timeZone)));
    written += rows.length;
    if (rows.length < BATCH) break;
  }
  if (written >= EXPORT_ROW_LIMIT) {
    const note = (options.limitNote ?? ExportText.limitNote)[lang];
    sheet.push([{ value: note.replace('{limit}', String(EXPORT_ROW_LIMIT)), fontWeight: 'bold' }]);
  }
  const file = writeExcelFile(sheet as never, {
    columns: options.columns.map((c) => ({ width: c.width ?? 16 })),
  });
  const stream = await (file.toStream as () => Promise<Readable>).call(file);
  return sendXlsxFile(reply, options.fileName[lang], timeZone, stream);
}

/** The clock of an export: the acting area's zone (the default for a call without an area). */
export async function exportTimeZone(req: FastifyRequest): Promise<string> {
  const scenicId = req.auth?.scenicId ?? req.client?.scenicId ?? null;
  return scenicId == null ? DEFAULT_TIME_ZONE : areaTimeZone(req.server.ctx.db, scenicId);
}

/** Answers an .xlsx download named `<fileName>-<the area's day>.xlsx`. */
export function sendXlsxFile(reply: FastifyReply, fileName: string, timeZone: string, body: Readable) {
  const name = `${fileName}-${areaDay(new Date(), timeZone)}.xlsx`;
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header(
      'content-disposition',
      `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('cache-control', 'no-store')
    .send(body);
}

/** The `fetch` of an export over one table: the list's filter and order, a batch at a time. */
export function batchesOf<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  orderBy: (PgColumn | SQL)[],
): (offset: number, limit: number) => Promise<T['$inferSelect'][]> {
  return async (offset, limit) =>
    (await db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset)) as T['$inferSelect'][];
}
