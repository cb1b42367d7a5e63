import { ProviderError } from './adapter.ts';
import type { StatementLine } from './adapter.ts';
import { parseCstDateTime, yuanToFen } from '../../../../shared/pay-format.ts';

/**
 * WeChat's trade bill (bill_type ALL): a header line, one line per trade with every field
 * prefixed by a backquote, then the totals. Columns by the documented order.
 */
const COL = {
  time: 0,
  txn: 5,
  paymentNo: 6,
  state: 9,
  refundId: 14,
  refundNo: 15,
  orderAmount: 24,
  refundAmount: 25,
};

export function parseWechatBill(text: string): StatementLine[] {
  const lines = text.split(/\r?\n/);
  const out: StatementLine[] = [];
  for (const line of lines.slice(1)) {
    if (!line.startsWith('`')) {
      if (line.startsWith('总交易单数')) break;
      continue;
    }
    // a field may hold a comma (the description): fields are separated by ",`"
    const f = line.slice(1).split(',`');
    const get = (i: number) => (f[i] ?? '').trim();
    const at = parseCstDateTime(get(COL.time));
    const refund = get(COL.state) === 'REFUND';
    const amount = yuanToFen(get(refund ? COL.refundAmount : COL.orderAmount));
    if (!at || amount === null)
      throw new ProviderError('BAD_STATEMENT', `statement line not understood: ${get(COL.paymentNo)}`);
    out.push({
      kind: refund ? 'refund' : 'payment',
      paymentNo: get(COL.paymentNo),
      refundNo: refund ? get(COL.refundNo) : null,
      providerTxnId: refund ? get(COL.refundId) : get(COL.txn),
      amount,
      at,
    });
  }
  return out;
}
