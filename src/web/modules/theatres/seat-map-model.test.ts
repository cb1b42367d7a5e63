import { describe, expect, it } from 'vitest';
import {
  droppedBy,
  fromGrid,
  paint,
  removeArea,
  resize,
  rowNumbers,
  seatCountOf,
  toGrid,
} from './seat-map-model.ts';

describe('seat-map model', () => {
  const base = toGrid(2, 3, [
    { r: 0, c: 0, kind: 1, area: 'A', label: '1排1号' },
    { r: 0, c: 1, kind: 2 },
    { r: 1, c: 2, kind: 1, area: 'A', label: '贵宾' },
  ]);

  it('drops generated labels on load and renumbers on save, keeping custom labels', () => {
    expect(base[0]![0]).toEqual({ r: 0, c: 0, kind: 1, area: 'A' });
    const painted = paint(base, 0, 2, 'seat', 'A');
    expect(
      fromGrid(painted)
        .filter((c) => c.kind === 1)
        .map((c) => c.label),
    ).toEqual(['1排1号', '1排2号', '贵宾']);
  });

  it('paints, and returns the same grid when nothing changes', () => {
    expect(paint(base, 0, 0, 'seat', 'A')).toBe(base);
    expect(paint(base, 1, 0, 'erase', undefined)).toBe(base);
    expect(paint(base, 0, 0, 'seat', undefined)).toBe(base);
    const next = paint(base, 0, 0, 'disabled', undefined);
    expect(next[0]![0]).toEqual({ r: 0, c: 0, kind: 3 });
    expect(next[1]).toBe(base[1]);
  });

  it('resizes, counting what a shrink drops', () => {
    expect(droppedBy(base, 1, 3)).toBe(1);
    expect(droppedBy(base, 2, 1)).toBe(2);
    const grown = resize(base, 3, 4);
    expect(grown).toHaveLength(3);
    expect(grown[0]).toHaveLength(4);
    expect(seatCountOf(resize(base, 1, 1))).toBe(1);
  });

  it('numbers only rows with seats and removes a tier', () => {
    expect(rowNumbers(toGrid(3, 1, [{ r: 2, c: 0, kind: 1, area: 'A' }]))).toEqual(['', '', '1']);
    expect(seatCountOf(removeArea(base, 'A'))).toBe(0);
  });
});
