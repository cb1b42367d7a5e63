import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Zip, ZipDeflate, strToU8 } from 'fflate';
import type { DictEntry, Lang } from '../../shared/dict/dict.ts';
import { zoneOffsetMs } from '../lib/area-clock.ts';
import { exportTimeZone, sendXlsxFile, type ExportColumn } from './export.ts';

/**
 * An .xlsx written as it is read (docs/statistics.md "Details, money and top-ups"): the workbook's
 * small parts first, then its one sheet row by row into fflate's streaming zip (deflate), the zip's
 * bytes straight into the reply. Rows come in batches from `batches`; the next batch is read only
 * once the client has taken the bytes of the last (backpressure), so memory stays at about one
 * batch whatever the number of rows. `sendXlsx` (export.ts) builds the whole file in memory and
 * stops at 100,000 rows; this has no limit. Cells as there: money in yuan with two decimals, times
 * on the area's clock, texts as inline strings.
 */

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006';

const STATIC_PARTS: [string, string][] = [
  [
    '[Content_Types].xml',
    `${XML}<Types xmlns="${PKG}/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  ],
  [
    '_rels/.rels',
    `${XML}<Relationships xmlns="${PKG}/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML}<Relationships xmlns="${PKG}/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  ],
  // styles: 0 default, 1 bold (header), 2 money 0.00, 3 date-time, 4 text
  [
    'xl/styles.xml',
    `${XML}<styleSheet xmlns="${MAIN}"><numFmts count="2"><numFmt numFmtId="164" formatCode="0.00"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`,
  ],
];

// characters XML 1.0 does not allow, and the five it escapes
// eslint-disable-next-line no-control-regex
const INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const escapeXml = (s: string) =>
  s
    .replace(INVALID, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const inline = (text: string, style: number) =>
  `<c t="inlineStr" s="${style}"><is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`;

/** Excel's serial day of an instant, as the area's wall clock. */
const serialOf = (at: Date, timeZone: string) =>
  (at.getTime() + zoneOffsetMs(at, timeZone)) / 86_400_000 + 25_569;

/** One cell's XML (no cell reference: columns follow one another). */
export function cellXml(
  value: string | number | boolean | Date | null,
  kind: ExportColumn<unknown>['kind'],
  timeZone: string,
): string {
  if (value == null || value === '') return '<c/>';
  if (kind === 'money' && typeof value === 'number') return `<c s="2"><v>${value / 100}</v></c>`;
  if (kind === 'datetime') {
    const at = value instanceof Date ? value : new Date(String(value));
    return Number.isNaN(at.getTime()) ? '<c/>' : `<c s="3"><v>${serialOf(at, timeZone)}</v></c>`;
  }
  if (typeof value === 'number' && kind !== 'text') return `<c><v>${value}</v></c>`;
  if (typeof value === 'boolean') return `<c t="b"><v>${value ? 1 : 0}</v></c>`;
  return inline(value instanceof Date ? value.toISOString() : String(value), 4);
}

function rowXml<R>(row: R, columns: readonly ExportColumn<R>[], lang: Lang, timeZone: string) {
  return `<row>${columns.map((c) => cellXml(c.value(row, lang), c.kind, timeZone)).join('')}</row>`;
}

/**
 * Sends the rows of `batches` as an .xlsx download, streamed. A failure after the first bytes ends
 * the download broken (the client sees a truncated file), as any streamed answer; it is logged.
 */
export async function sendXlsxStream<R>(
  req: FastifyRequest,
  reply: FastifyReply,
  options: { fileName: DictEntry; columns: readonly ExportColumn<R>[]; batches: AsyncIterable<R[]> },
) {
  const lang = req.lang;
  const timeZone = await exportTimeZone(req);
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) out.destroy(err);
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  for (const [name, text] of STATIC_PARTS) {
    const part = new ZipDeflate(name, { level: 6 });
    zip.add(part);
    part.push(strToU8(text), true);
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);
  const cols = options.columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 16}" customWidth="1"/>`)
    .join('');
  const header = `<row>${options.columns.map((c) => inline(c.header[lang], 1)).join('')}</row>`;
  sheet.push(strToU8(`${XML}<worksheet xmlns="${MAIN}"><cols>${cols}</cols><sheetData>${header}`));

  const write = async () => {
    for await (const rows of options.batches) {
      if (out.destroyed) return;
      sheet.push(strToU8(rows.map((r) => rowXml(r, options.columns, lang, timeZone)).join('')));
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    sheet.push(strToU8('</sheetData></worksheet>'), true);
    zip.end();
  };
  write().catch((error: unknown) => {
    req.log.error({ err: error }, 'streamed export failed');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });

  return sendXlsxFile(reply, options.fileName[lang], timeZone, out);
}
