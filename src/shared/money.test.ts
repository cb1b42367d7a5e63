import { describe, expect, it } from 'vitest';
import { centsToYuan, formatCents, formatMoney, yuanToCents } from './money.ts';

describe('formatCents', () => {
  it.each([
    [1250, '12.50'],
    [0, '0.00'],
    [5, '0.05'],
    [99, '0.99'],
    [100, '1.00'],
    [-5, '-0.05'],
    [-1250, '-12.50'],
    [123456789, '1234567.89'],
  ])('%i → %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('shows nothing for a missing or broken value', () => {
    expect(formatCents(null)).toBe('');
    expect(formatCents(undefined)).toBe('');
    expect(formatCents(NaN)).toBe('');
    expect(formatCents(Infinity)).toBe('');
  });

  it('does not print minus zero', () => {
    expect(formatCents(-0)).toBe('0.00');
    expect(formatCents(-0.4)).toBe('0.00');
  });
});

describe('yuanToCents', () => {
  it.each([
    ['0.29', 29],
    ['19.99', 1999],
    ['1.1', 110],
    ['12', 1200],
    ['12.', 1200],
    ['.5', 50],
    [' 8.05 ', 805],
    ['-0.29', -29],
    ['+3', 300],
    ['0', 0],
    ['-0', 0],
    ['1234567.89', 123456789],
  ] as const)('"%s" → %i', (yuan, cents) => {
    expect(yuanToCents(yuan)).toBe(cents);
  });

  it('converts numbers exactly where float multiplication would not', () => {
    // 0.29 * 100 = 28.999999999999996 and 19.99 * 100 = 1998.9999999999998 in binary floats
    expect(yuanToCents(0.29)).toBe(29);
    expect(yuanToCents(19.99)).toBe(1999);
    expect(yuanToCents(1.15)).toBe(115);
    expect(yuanToCents(-2.5)).toBe(-250);
  });

  it.each(['1.234', '0.001', '1e3', '', '.', '-', 'abc', '1,000.00', '1.2.3', '¥5'])(
    'rejects "%s" with NaN',
    (yuan) => {
      expect(yuanToCents(yuan)).toBeNaN();
    },
  );

  it('rejects numbers with more than two decimals or not finite', () => {
    expect(yuanToCents(0.1 + 0.2)).toBeNaN();
    expect(yuanToCents(NaN)).toBeNaN();
    expect(yuanToCents(Infinity)).toBeNaN();
    expect(yuanToCents(1e21)).toBeNaN();
  });

  it('round-trips with formatCents', () => {
    for (const cents of [0, 1, 29, 1999, 100000, -705]) {
      expect(yuanToCents(formatCents(cents))).toBe(cents);
      expect(yuanToCents(centsToYuan(cents))).toBe(cents);
    }
  });
});

describe('formatMoney', () => {
  it('groups thousands and keeps two decimals', () => {
    expect(formatMoney(37773400)).toBe('377,734.00');
    expect(formatMoney(-123456789)).toBe('-1,234,567.89');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(100000)).toBe('1,000.00');
    expect(formatMoney(null)).toBe('');
  });
});
