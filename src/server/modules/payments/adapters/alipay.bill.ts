import { unzipSync } from 'fflate';
import { ProviderError } from './adapter.ts';
import type { StatementLine } from './adapter.ts';
import { parseCstDateTime, yuanToFen } from '../../../../shared/pay-format.ts';

/**
 * Alipay's trade bill: a zip holding the business detail file (业务明细, the one read here) and its
 * summary; `#` lines frame the table; fields are padded with tabs and spaces. Encoding GBK as
 * Alipay sends it, or UTF-8.
 */
const COL = { txn: 0, paymentNo: 1, kind: 2, doneAt: 5, orderAmount: 11, received: 12, refundNo: 21 };

function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gbk').decode(bytes);
  }
}

export function parseAlipayBillZip(zip: Uint8Array): StatementLine[] {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip);
  } catch {
    throw new ProviderError('BAD_STATEMENT', 'the statement is not a zip file');
  }
  const detail = Object.keys(files).find((name) => name.includes('业务明细') && !name.includes('汇总'));
  if (!detail) throw new ProviderError('BAD_STATEMENT', 'the statement has no business detail file');
  return parseAlipayBill(decode(files[detail]!));
}

export function parseAlipayBill(text: string): StatementLine[] {
  const out: StatementLine[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.startsWith('#') || line.startsWith('支付宝交易号')) continue;
    const f = line.split(',').map((x) => x.trim());
    const get = (i: number) => f[i] ?? '';
    const refund = get(COL.kind) === '退款';
    const amount = yuanToFen(get(refund ? COL.received : COL.orderAmount));
    const at = parseCstDateTime(get(COL.doneAt));
    if (amount === null || !at)
      throw new ProviderError('BAD_STATEMENT', `statement line not understood: ${get(COL.paymentNo)}`);
    out.push({
      kind: refund ? 'refund' : 'payment',
      paymentNo: get(COL.paymentNo),
      refundNo: refund ? get(COL.refundNo) || get(COL.paymentNo) : null,
      providerTxnId: get(COL.txn),
      amount: Math.abs(amount),
      at,
    });
  }
  return out;
}
