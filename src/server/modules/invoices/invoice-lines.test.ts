import { describe, expect, it } from 'vitest';
import { invoiceLines, redLines, taxOf, type SourceItem } from './invoice-lines.ts';

const item = (unitPrice: number, quantity = 1, rate = 600): SourceItem => ({
  itemName: '门票',
  taxCode: '3070201020000000000',
  rate,
  zeroRate: rate ? 0 : 1,
  quantity,
  unitPrice,
});

describe('invoice lines', () => {
  it('computes the tax inside an amount once per line', () => {
    expect(taxOf(10_600, 600)).toBe(600);
    expect(taxOf(100, 600)).toBe(6);
    expect(taxOf(-100, 600)).toBe(-6);
    expect(taxOf(12_345, 0)).toBe(0);
  });

  it('gives one line per item when the whole list price was paid', () => {
    const lines = invoiceLines([item(8000, 2), item(5000)], 21_000)!;
    expect(lines.map((l) => [l.amount, l.property])).toEqual([
      [16_000, 0],
      [5000, 0],
    ]);
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(21_000);
  });

  it('shares a discount over the items as discount lines that follow the discounted ones', () => {
    const lines = invoiceLines([item(8000, 2), item(5000)], 20_000)!;
    expect(lines.map((l) => [l.seq, l.amount, l.property])).toEqual([
      [1, 16_000, 2],
      [2, -761, 1],
      [3, 5000, 2],
      [4, -239, 1],
    ]);
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(20_000);
  });

  it('refuses to invoice more than was sold, or nothing', () => {
    expect(invoiceLines([item(100)], 101)).toBeNull();
    expect(invoiceLines([item(100)], 0)).toBeNull();
  });

  it('takes back all or a part of a blue invoice, never more', () => {
    const blue = invoiceLines([item(8000, 2), item(5000, 1, 900)], 20_000)!;
    expect(redLines(blue, 20_000, 20_000)).toHaveLength(4);
    const part = redLines(blue, 20_000, 5000)!;
    expect(part.reduce((s, l) => s + l.amount, 0)).toBe(5000);
    expect(part.map((l) => l.rate)).toEqual([600, 900]);
    expect(redLines(blue, 20_000, 20_001)).toBeNull();
  });
});
