import type { InvoiceZeroRateCode } from '../../../shared/dict/invoices.ts';

/** One kind of goods of a source, at its list price (cents, tax included). */
export interface SourceItem {
  itemName: string;
  taxCode: string;
  /** basis points */
  rate: number;
  zeroRate: InvoiceZeroRateCode;
  quantity: number;
  unitPrice: number;
}

export interface InvoiceLine {
  seq: number;
  itemName: string;
  taxCode: string;
  quantity: number;
  unitPrice: number;
  /** cents, tax included; negative on a discount line */
  amount: number;
  rate: number;
  tax: number;
  /** InvoiceLineProperty: 0 normal, 1 discount, 2 discounted */
  property: 0 | 1 | 2;
  zeroRate: InvoiceZeroRateCode;
}

/** The tax inside an amount that includes it, rounded once (half away from zero). */
export function taxOf(amount: number, rate: number): number {
  if (rate === 0) return 0;
  const tax = Math.round((Math.abs(amount) * rate) / (10_000 + rate));
  return amount < 0 ? -tax : tax;
}

/**
 * The lines of an invoice for `target` cents of these items: one line per item at its list price;
 * when the target is less (discounts, coupons, what was refunded), the difference is shared over the
 * items in proportion to their amounts, the rest on the last, each share a discount line (property
 * 1) right after the line it discounts (property 2). Tax per line, rounded once per line. Answers
 * null when the items hold less than the target (nothing may be invoiced beyond what was sold).
 */
export function invoiceLines(items: readonly SourceItem[], target: number): InvoiceLine[] | null {
  const total = items.reduce((sum, i) => sum + i.quantity * i.unitPrice, 0);
  if (target <= 0 || total < target) return null;
  const off = total - target;
  const lines: InvoiceLine[] = [];
  let shared = 0;
  items.forEach((item, index) => {
    const amount = item.quantity * item.unitPrice;
    if (amount === 0) return;
    const last = index === items.length - 1;
    const share = last ? off - shared : Math.floor((off * amount) / total);
    shared += share;
    const base = { itemName: item.itemName, taxCode: item.taxCode, rate: item.rate, zeroRate: item.zeroRate };
    lines.push({
      ...base,
      seq: lines.length + 1,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      amount,
      tax: taxOf(amount, item.rate),
      property: share > 0 ? 2 : 0,
    });
    if (share > 0)
      lines.push({
        ...base,
        seq: lines.length + 1,
        quantity: 1,
        unitPrice: -share,
        amount: -share,
        tax: taxOf(-share, item.rate),
        property: 1,
      });
  });
  return lines;
}

/** The lines of a red-letter invoice taking back `amount` of its blue one's lines (the blue's discounts kept). */
export function redLines(
  blue: readonly InvoiceLine[],
  blueAmount: number,
  amount: number,
): InvoiceLine[] | null {
  if (amount <= 0 || amount > blueAmount) return null;
  if (amount === blueAmount) return blue.map((l) => ({ ...l }));
  // a part: one line per item kind of the blue's net amounts, shared in proportion
  const net = new Map<string, { line: InvoiceLine; amount: number }>();
  for (const l of blue) {
    const key = `${l.itemName}|${l.taxCode}|${l.rate}`;
    const seen = net.get(key);
    if (seen) seen.amount += l.amount;
    else net.set(key, { line: l, amount: l.amount });
  }
  const kinds = [...net.values()].filter((k) => k.amount > 0);
  let shared = 0;
  const parts = kinds.map(({ line, amount: kindAmount }, index) => {
    const last = index === kinds.length - 1;
    const part = last ? amount - shared : Math.floor((amount * kindAmount) / blueAmount);
    shared += part;
    return {
      seq: index + 1,
      itemName: line.itemName,
      taxCode: line.taxCode,
      quantity: 1,
      unitPrice: part,
      amount: part,
      rate: line.rate,
      tax: taxOf(part, line.rate),
      property: 0 as const,
      zeroRate: line.zeroRate,
    };
  });
  return parts.filter((l) => l.amount > 0).map((l, i) => ({ ...l, seq: i + 1 }));
}
