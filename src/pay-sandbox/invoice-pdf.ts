import { existsSync, readFileSync } from 'node:fs';
import { amountInWords } from './invoice-pdf-amount.ts';
import type { NuonuoInvoice, NuonuoLine } from './nuonuo-state.ts';

/**
 * The invoice document the sandbox's Nuonuo platform serves (GET /nuonuo/pdf/<serial>.pdf): an A5
 * landscape page laid out as a Chinese e-invoice, drawn with pdfkit, the CJK font embedded as a
 * subset (only the glyphs used). The font: INVOICE_PDF_FONT when its file exists (`path`, or
 * `path#PostScriptName` to pick a font of a .ttc collection), else the first of the common Debian
 * CJK fonts found (fonts-wqy-microhei, fonts-noto-cjk, fonts-wqy-zenhei, fonts-droid-fallback).
 */

export const INVOICE_FONT_ENV = 'INVOICE_PDF_FONT';

export interface CjkFont {
  path: string;
  /** The PostScript name of the font inside a collection (.ttc) */
  name?: string;
}

const KNOWN_FONTS: readonly CjkFont[] = [
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', name: 'WenQuanYiMicroHei' },
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', name: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', name: 'NotoSerifCJKsc-Regular' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', name: 'WenQuanYiZenHei' },
  { path: '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf' },
];

/** The CJK font the documents use, or null when none is installed (the PDF is then answered 500). */
export function findCjkFont(env: NodeJS.ProcessEnv = process.env): CjkFont | null {
  const configured = env[INVOICE_FONT_ENV]?.trim();
  if (configured) {
    const [path = '', name] = configured.split('#');
    if (existsSync(path)) return { path, name: name || KNOWN_FONTS.find((f) => f.path === path)?.name };
  }
  return KNOWN_FONTS.find((f) => existsSync(f.path)) ?? null;
}

/** A font's bytes read once per file */
const fontFiles = new Map<string, Buffer>();
const fontBytes = (path: string) => {
  let bytes = fontFiles.get(path);
  if (!bytes) fontFiles.set(path, (bytes = readFileSync(path)));
  return bytes;
};

// A5 landscape, in points
const W = 595.28;
const X0 = 24;
const X1 = W - 24;
const INK = '#1f1f1f';
const FRAME = '#9c5a3c';
const RED = '#c8102e';
const ROWS_ON_PAGE = 8;
const ROW_H = 13;

const COLS = [
  { title: '项目名称', x: X0, w: 190, align: 'left' },
  { title: '数量', x: X0 + 190, w: 54, align: 'right' },
  { title: '单价', x: X0 + 244, w: 80, align: 'right' },
  { title: '金额', x: X0 + 324, w: 90, align: 'right' },
  { title: '税率/征收率', x: X0 + 414, w: 52, align: 'right' },
  { title: '税额', x: X0 + 466, w: X1 - X0 - 466, align: 'right' },
] as const;

const money = (c: number) => (c / 100).toFixed(2);
const rateText = (r: number) => `${Math.round(r * 1000) / 10}%`;
const chinaDate = (ms: number | null) => {
  const d = new Date((ms ?? 0) + 8 * 3_600_000).toISOString();
  return `${d.slice(0, 4)}年${d.slice(5, 7)}月${d.slice(8, 10)}日`;
};

/** Unit price without tax: the line's amount without tax over its quantity, 2 to 8 decimals. */
function unitPrice(line: NuonuoLine): string {
  const num = Math.abs(Number(line.num));
  if (!line.num || !num) return '';
  const price = (Math.abs(line.amount - line.tax) / 100 / num).toFixed(8).replace(/0{1,6}$/, '');
  return price;
}

type Doc = PDFKit.PDFDocument;

/** The text cut to fit the width (an ellipsis where cut). */
function fit(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let chars = [...text];
  while (chars.length > 1 && doc.widthOfString(`${chars.join('')}…`) > width) chars = chars.slice(0, -1);
  return `${chars.join('')}…`;
}

function cell(doc: Doc, text: string, x: number, y: number, w: number, align: 'left' | 'right' | 'center') {
  doc.text(fit(doc, text, w - 6), x + 3, y, { width: w - 6, align, lineBreak: false });
}

/** A label written top to bottom in a narrow column (购买方信息). */
function verticalLabel(doc: Doc, label: string, x: number, y: number, h: number) {
  const size = 8;
  const chars = [...label];
  const top = y + (h - chars.length * (size + 1)) / 2;
  doc.fontSize(size).fillColor(FRAME);
  chars.forEach((ch, i) =>
    doc.text(ch, x, top + i * (size + 1), { width: 16, align: 'center', lineBreak: false }),
  );
}

function party(doc: Doc, label: string, x: number, y: number, w: number, rows: [string, string][]) {
  const h = 62;
  doc.rect(x, y, w, h).stroke(FRAME);
  doc
    .moveTo(x + 16, y)
    .lineTo(x + 16, y + h)
    .stroke(FRAME);
  verticalLabel(doc, label, x, y, h);
  rows.forEach(([name, value], i) => {
    const ty = y + 6 + i * 13.5;
    doc
      .fontSize(7.5)
      .fillColor(FRAME)
      .text(`${name}：`, x + 20, ty, { lineBreak: false });
    doc.fillColor(INK);
    cell(doc, value, x + 78, ty - 0.5, w - 80, 'left');
  });
}

function header(doc: Doc, inv: NuonuoInvoice) {
  const special = ['s', 'b', 'bs'].includes(inv.invoiceLine);
  const title = `电子发票（${special ? '专用发票' : '普通发票'}）`;
  doc.font('cjk').fontSize(17).fillColor(FRAME).text(title, 0, 20, { width: W, align: 'center' });
  const tw = doc.widthOfString(title);
  doc
    .moveTo((W - tw) / 2, 42)
    .lineTo((W + tw) / 2, 42)
    .lineWidth(0.8)
    .stroke(FRAME);
  doc
    .moveTo((W - tw) / 2, 45)
    .lineTo((W + tw) / 2, 45)
    .stroke(FRAME);
  doc.lineWidth(0.6);
  if (inv.invoiceType === '2') {
    doc.rect(X0, 18, 58, 22).lineWidth(1.2).stroke(RED).lineWidth(0.6);
    doc.fontSize(12).fillColor(RED).text('红字', X0, 23, { width: 58, align: 'center' });
    doc.fontSize(7).text('销项负数', X0, 44, { width: 58, align: 'center' });
  }
  const facts: [string, string][] = [
    ['发票代码', inv.invoiceCode],
    ['发票号码', inv.invoiceNo],
    ['开票日期', chinaDate(inv.invoiceTime)],
  ];
  facts.forEach(([name, value], i) => {
    doc
      .fontSize(8)
      .fillColor(FRAME)
      .text(`${name}：`, 430, 20 + i * 12, { lineBreak: false });
    doc.fillColor(INK).text(value, 474, 20 + i * 12, { lineBreak: false });
  });
}

/** The lines table: header, the lines (or a pointer to the list), the totals; answers where it ends. */
function linesTable(doc: Doc, inv: NuonuoInvoice, y: number): number {
  doc.rect(X0, y, X1 - X0, 16).stroke(FRAME);
  doc.fontSize(8).fillColor(FRAME);
  for (const c of COLS) cell(doc, c.title, c.x, y + 4.5, c.w, 'center');
  const top = y + 16;
  const bodyH = ROWS_ON_PAGE * ROW_H + 6;
  doc.rect(X0, top, X1 - X0, bodyH).stroke(FRAME);
  doc.fontSize(7.5).fillColor(INK);
  if (inv.lines.length > ROWS_ON_PAGE) cell(doc, '（详见销货清单）', COLS[0].x, top + 4, COLS[0].w, 'left');
  else inv.lines.forEach((line, i) => lineRow(doc, line, top + 4 + i * ROW_H));
  const sumY = top + bodyH;
  doc.rect(X0, sumY, X1 - X0, 16).stroke(FRAME);
  doc.fontSize(8).fillColor(FRAME);
  cell(doc, '合\u3000\u3000计', COLS[0].x, sumY + 4.5, COLS[0].w, 'center');
  doc.fillColor(INK);
  cell(doc, `¥${money(inv.amount - inv.tax)}`, COLS[3].x, sumY + 4.5, COLS[3].w, 'right');
  cell(doc, `¥${money(inv.tax)}`, COLS[5].x, sumY + 4.5, COLS[5].w, 'right');
  return sumY + 16;
}

function lineRow(doc: Doc, line: NuonuoLine, y: number) {
  const discount = line.lineProperty === '1';
  const values = [
    line.goodsName,
    discount ? '' : line.num,
    discount ? '' : unitPrice(line),
    money(line.amount - line.tax),
    rateText(line.taxRate),
    money(line.tax),
  ];
  COLS.forEach((c, i) => cell(doc, values[i]!, c.x, y, c.w, c.align));
}

function totalsAndRemarks(doc: Doc, inv: NuonuoInvoice, y: number): number {
  doc.rect(X0, y, X1 - X0, 20).stroke(FRAME);
  doc
    .fontSize(8)
    .fillColor(FRAME)
    .text('价税合计（大写）', X0 + 4, y + 6, { lineBreak: false });
  doc
    .fontSize(9)
    .fillColor(INK)
    .text(`⊗ ${amountInWords(inv.amount)}`, X0 + 96, y + 5.5, { lineBreak: false });
  doc
    .fontSize(8)
    .fillColor(FRAME)
    .text('（小写）', 420, y + 6, { lineBreak: false });
  doc
    .fontSize(9)
    .fillColor(INK)
    .text(`¥${money(inv.amount)}`, 456, y + 5.5, { lineBreak: false });
  const ry = y + 20;
  const rh = 44;
  doc.rect(X0, ry, X1 - X0, rh).stroke(FRAME);
  doc
    .moveTo(X0 + 16, ry)
    .lineTo(X0 + 16, ry + rh)
    .stroke(FRAME);
  verticalLabel(doc, '备注', X0, ry, rh);
  const remarks = [
    inv.invoiceType === '2' ? `对应正数发票代码：${inv.blueCode}\u3000号码：${inv.blueNo}` : '',
    inv.remark,
  ].filter(Boolean);
  doc
    .fontSize(7.5)
    .fillColor(INK)
    .text(remarks.join('\n'), X0 + 22, ry + 5, {
      width: X1 - X0 - 28,
      height: rh - 8,
      ellipsis: true,
    });
  return ry + rh;
}

function footer(doc: Doc, inv: NuonuoInvoice, y: number) {
  const people: [string, string][] = [
    ['收款人', inv.payee],
    ['复核', inv.checker],
    ['开票人', inv.clerk],
  ];
  people.forEach(([name, value], i) => {
    doc
      .fontSize(8)
      .fillColor(FRAME)
      .text(`${name}：`, X0 + 4 + i * 160, y + 6, { lineBreak: false });
    doc.fillColor(INK).text(value, X0 + 44 + i * 160, y + 6, { lineBreak: false });
  });
  doc
    .fontSize(6.5)
    .fillColor('#888888')
    .text(`本地诺诺沙箱生成的测试发票，不具法律效力\u3000流水号 ${inv.serialNo}`, X0, y + 22, {
      width: X1 - X0,
      align: 'center',
      lineBreak: false,
    });
}

/** The second page on: 销货清单, every line, when there are more than the invoice shows. */
function lineList(doc: Doc, inv: NuonuoInvoice) {
  const perPage = 22;
  for (let start = 0; start < inv.lines.length; start += perPage) {
    doc.addPage();
    doc
      .fontSize(13)
      .fillColor(FRAME)
      .text('销售货物或者提供应税劳务、服务清单', 0, 22, { width: W, align: 'center' });
    doc.fontSize(8).fillColor(INK);
    doc.text(`购买方：${inv.buyerName}\u3000销售方：${inv.salerName || inv.userTax}`, X0, 46, {
      lineBreak: false,
    });
    doc.text(`发票代码：${inv.invoiceCode}\u3000发票号码：${inv.invoiceNo}`, X0, 58, { lineBreak: false });
    doc.rect(X0, 72, X1 - X0, 16).stroke(FRAME);
    doc.fillColor(FRAME);
    for (const c of COLS) cell(doc, c.title, c.x, 76.5, c.w, 'center');
    doc.fontSize(7.5).fillColor(INK);
    inv.lines.slice(start, start + perPage).forEach((line, i) => lineRow(doc, line, 92 + i * ROW_H));
  }
}

/** The page of one invoice: header, buyer and seller, lines, totals in figures and in 大写, remarks. */
function drawInvoice(doc: Doc, inv: NuonuoInvoice) {
  header(doc, inv);
  const top = 70;
  const half = (X1 - X0) / 2;
  party(doc, '购买方信息', X0, top, half, [
    ['名称', inv.buyerName],
    ['纳税人识别号', inv.buyerTaxNum],
    ['地址、电话', [inv.buyerAddress, inv.buyerPhone].filter(Boolean).join(' ')],
    ['开户行及账号', inv.buyerAccount],
  ]);
  party(doc, '销售方信息', X0 + half, top, half, [
    ['名称', inv.salerName],
    ['纳税人识别号', inv.userTax],
    ['地址、电话', [inv.salerAddress, inv.salerTel].filter(Boolean).join(' ')],
    ['开户行及账号', inv.salerAccount],
  ]);
  const tableEnd = linesTable(doc, inv, top + 62);
  const end = totalsAndRemarks(doc, inv, tableEnd);
  footer(doc, inv, end);
  if (inv.status === '3') {
    doc
      .save()
      .rotate(-18, { origin: [W / 2, 220] })
      .fillColor(RED)
      .fillOpacity(0.35);
    doc.fontSize(60).text('作废', 0, 185, { width: W, align: 'center', lineBreak: false });
    doc.restore();
  }
  if (inv.lines.length > ROWS_ON_PAGE) lineList(doc, inv);
}

/** The invoice as a PDF (A5 landscape), the CJK font embedded as a subset; pdfkit loads with the first one. */
export async function renderInvoicePdf(inv: NuonuoInvoice, font: CjkFont): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A5',
      layout: 'landscape',
      margin: 0,
      info: {
        Title: `电子发票 ${inv.invoiceCode} ${inv.invoiceNo}`,
        Author: inv.salerName || inv.userTax,
        Subject: inv.buyerName,
        Creator: 'pay sandbox (Nuonuo)',
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      doc.registerFont('cjk', fontBytes(font.path), font.name as string);
      doc.font('cjk').lineWidth(0.6);
      drawInvoice(doc, inv);
      doc.end();
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
