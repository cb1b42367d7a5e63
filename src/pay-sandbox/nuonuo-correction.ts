import { NUONUO_CODE, NuonuoRefusal } from './nuonuo-order.ts';
import type { NuonuoOrder } from './nuonuo-order.ts';
import { NUONUO_STATUS } from './nuonuo-state.ts';
import type { NuonuoInvoice, NuonuoLine, NuonuoState } from './nuonuo-state.ts';

const BUYER = ['buyerName', 'buyerTaxNum', 'buyerAddress', 'buyerPhone', 'buyerAccount'] as const;

const sameBuyer = (a: NuonuoInvoice, b: NuonuoOrder) => BUYER.every((k) => a[k] === b[k]);

const lineKey = (l: NuonuoLine) => `${l.goodsCode}|${l.num}|${l.price}|${l.taxRate}|${l.amount}|${l.tax}`;
const sameLines = (a: NuonuoInvoice, b: NuonuoOrder) =>
  a.amount === b.amount &&
  a.tax === b.tax &&
  a.lines.length === b.lines.length &&
  a.lines.every((l, i) => lineKey(l) === lineKey(b.lines[i]!));

/**
 * A correction (换开, docs/invoices.md "The invoice list and reissue"): requestBillingNew with the
 * orderNo of an issued blue invoice, the same lines and amounts and the buyer's details changed. The
 * platform issues a new document (new serial, new tax office number) that replaces the standing
 * one, which can then be neither reversed nor voided. Answers the invoice replaced, or null when the
 * request is not a correction (a new order, a retry of a failed one, or the same request again).
 * Refused (E9106) when the standing one was voided or reversed, or the lines differ.
 */
export function correctionOf(
  state: NuonuoState,
  userTax: string,
  earlier: NuonuoInvoice | undefined,
  order: NuonuoOrder,
): NuonuoInvoice | null {
  if (!earlier || order.invoiceType !== '1' || earlier.status === NUONUO_STATUS.working) return null;
  if (earlier.status !== NUONUO_STATUS.failed && sameBuyer(earlier, order)) return null;
  if (earlier.status === NUONUO_STATUS.voided)
    throw new NuonuoRefusal(NUONUO_CODE.badCorrection, '换开失败：原发票已作废');
  // the latest failed: a correction again when an issued one stands (its earlier correction failed)
  const standing =
    earlier.status === NUONUO_STATUS.done ? earlier : state.standingByOrderNo(userTax, order.orderNo);
  if (!standing || standing.invoiceType !== '1') return null;
  if (state.redsOf(standing).length)
    throw new NuonuoRefusal(NUONUO_CODE.badCorrection, '换开失败：原发票已开具红字发票');
  if (!sameLines(standing, order))
    throw new NuonuoRefusal(NUONUO_CODE.badCorrection, '换开失败：换开的发票明细和金额须与原发票一致');
  return standing;
}
