import { describe, expect, it } from 'vitest';
import { amountInWords } from './invoice-pdf-amount.ts';

describe('amountInWords (大写)', () => {
  it.each([
    [12345, '壹佰贰拾叁元肆角伍分'],
    [0, '零元整'],
    [1, '壹分'],
    [50, '伍角'],
    [105, '壹元零伍分'],
    [1000, '壹拾元整'],
    [1050, '壹拾元伍角'],
    [10000, '壹佰元整'],
    [100005, '壹仟元零伍分'],
    [100508, '壹仟零伍元零捌分'],
    [168032, '壹仟陆佰捌拾元叁角贰分'],
    [10000000, '壹拾万元整'],
    [100000100, '壹佰万零壹元整'],
    [1000000000, '壹仟万元整'],
    [10000000000, '壹亿元整'],
    [10001000000, '壹亿零壹万元整'],
    [10100000000, '壹亿零壹佰万元整'],
    [10000100000, '壹亿零壹仟元整'],
    [20304050607, '贰亿零叁佰零肆万零伍佰零陆元零柒分'],
    [123456789012, '壹拾贰亿叁仟肆佰伍拾陆万柒仟捌佰玖拾元壹角贰分'],
  ])('%i cents → %s', (cents, words) => {
    expect(amountInWords(cents)).toBe(words);
  });

  it('writes a red-letter (negative) amount with 负', () => {
    expect(amountInWords(-24000)).toBe('负贰佰肆拾元整');
    expect(amountInWords(-5)).toBe('负伍分');
  });

  it('takes whole cents only', () => {
    expect(() => amountInWords(1.5)).toThrow(RangeError);
    expect(() => amountInWords(Number.NaN)).toThrow(RangeError);
  });
});
