import { describe, expect, it } from 'vitest';
import { contrast, MIN_CONTRAST, readableOnWhite } from './theme-color.ts';

describe('readableOnWhite', () => {
  it('darkens the spec default #409EFF until white text on it reads at 4.5:1', () => {
    expect(contrast('#409EFF', '#ffffff')).toBeLessThan(MIN_CONTRAST);
    const colour = readableOnWhite('#409EFF');
    expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    // only as dark as needed
    expect(contrast(colour, '#ffffff')).toBeLessThan(MIN_CONTRAST + 0.3);
  });

  it('keeps a colour that is already dark enough, and anything that is not #rrggbb', () => {
    expect(readableOnWhite('#304156')).toBe('#304156');
    expect(readableOnWhite('red')).toBe('red');
  });

  it('reaches the contrast for very light colours too', () => {
    expect(contrast(readableOnWhite('#fafafa'), '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });
});
