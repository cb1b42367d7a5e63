/** An amount in Chinese capital numerals (大写), as invoices and cheques write it. */

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const PLACES = ['', '拾', '佰', '仟'];
/** Each group of four digits: units, 万, 亿, 万亿 */
const GROUPS = ['', '万', '亿', '万亿'];

/** 1-9999 written out; zeros inside become one 零, zeros at the end nothing. */
function groupText(n: number): string {
  let out = '';
  let zero = false;
  for (let place = 3; place >= 0; place--) {
    const d = Math.floor(n / 10 ** place) % 10;
    if (d === 0) {
      if (out) zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[d]! + PLACES[place]!;
  }
  return out;
}

/** Whole yuan written out (0: empty). */
function yuanText(n: number): string {
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 10_000)) groups.push(rest % 10_000);
  let out = '';
  let zero = false;
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i]!;
    if (g === 0) {
      if (out) zero = true;
      continue;
    }
    // 壹亿零壹万, 壹佰万零壹: a missing thousand (or a whole empty group) between two parts is one 零
    if (out && (zero || g < 1000)) out += '零';
    zero = false;
    out += groupText(g) + GROUPS[i]!;
  }
  return out;
}

/**
 * Cents as 大写: 12345 → 壹佰贰拾叁元肆角伍分, 10000 → 壹佰元整, 50 → 伍角, 105 → 壹元零伍分,
 * 0 → 零元整; a negative amount (a red-letter invoice) starts with 负. Whole cents only, below 10^16 yuan.
 */
export function amountInWords(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const abs = Math.abs(cents);
  const sign = cents < 0 ? '负' : '';
  const yuan = Math.floor(abs / 100);
  const jiao = Math.floor(abs / 10) % 10;
  const fen = abs % 10;
  let out = yuan > 0 ? `${yuanText(yuan)}元` : '';
  if (jiao === 0 && fen === 0) return `${sign}${out || '零元'}整`;
  if (jiao > 0) out += `${DIGITS[jiao]!}角`;
  else if (yuan > 0) out += '零';
  if (fen > 0) out += `${DIGITS[fen]!}分`;
  return sign + out;
}
