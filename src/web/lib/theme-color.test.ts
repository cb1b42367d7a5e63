import { describe, expect, it } from 'vitest';
import { contrast, MIN_CONTRAST, readableOn, readableOnWhite, textOn } from './theme-color.ts';

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

describe('readableOn', () => {
  it('darkens a tag text colour until it reads on its light tag background', () => {
    expect(contrast('#389e0d', '#f6ffed')).toBeLessThan(MIN_CONTRAST);
    expect(contrast(readableOn('#389e0d', '#f6ffed'), '#f6ffed')).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });
});

describe('textOn', () => {
  it('writes black on light and mid colours, white on dark ones', () => {
    expect(textOn('#409eff')).toBe('#000000');
    expect(textOn('#67c23a')).toBe('#000000');
    expect(textOn('#304156')).toBe('#ffffff');
  });
});
