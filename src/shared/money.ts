/**
 * docs/product.md §9: money is integer cents in storage and on the wire, shown divided by 100 with two
 * decimals. Integer arithmetic only, so no binary-float rounding ever reaches a total.
 */

/** 1250 → "12.50", -5 → "-0.05"; no thousands separators. Null, undefined or a non-finite value → "". */
export function formatCents(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const sign = whole < 0 ? '-' : '';
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

// sign, whole yuan, up to two decimals ("12", "12.", "12.5", ".5", "-0.29")
const YUAN = /^([+-]?)(\d*)(?:\.(\d{0,2}))?$/;

/**
 * Yuan typed by a user (or held by an InputNumber) to integer cents, exactly: "0.29" → 29,
 * "19.99" → 1999. Returns NaN, never throws, for anything that is not a plain decimal with at most
 * two decimals (e.g. "1.234", "1e3", "", "abc", 0.1 + 0.2), so a form rule can reject it.
 */
export function yuanToCents(yuan: number | string): number {
  const text = typeof yuan === 'number' ? (Number.isFinite(yuan) ? String(yuan) : '') : yuan.trim();
  const match = YUAN.exec(text);
  if (!match) return NaN;
  const [, sign, whole = '', fraction = ''] = match;
  if (!whole && !fraction) return NaN;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return NaN;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/**
 * Cents to a yuan number for an edit form's InputNumber: 1999 → 19.99. Dividing an integer by 100
 * gives the double nearest the decimal, which prints back as exactly two decimals.
 */
export function centsToYuan(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * Cents as yuan for reading (issue 34: every screen's money): two decimals and thousands separators,
 * 37773400 → "377,734.00". Inputs and exports keep `formatCents` (no separators).
 */
export function formatMoney(cents: number | null | undefined): string {
  const plain = formatCents(cents);
  if (!plain) return '';
  const [whole = '', fraction = ''] = plain.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}
