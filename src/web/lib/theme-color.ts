/**
 * The theme colour as the console paints it. Staff pick any colour (spec default #409EFF); white text
 * on a primary button and a primary-coloured link on white must still be readable (WCAG AA, 4.5:1),
 * so the colour is darkened, keeping its hue, until it is (docs/decisions.md).
 */
export const MIN_CONTRAST = 4.5;

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `hex` (#rrggbb), or the nearest darker shade of it with at least MIN_CONTRAST against `background`
 * (#rrggbb); anything that is not #rrggbb comes back unchanged.
 */
export function readableOn(hex: string, background: string): string {
  if (!/^#[0-9a-fA-F]{6}$/.test(hex)) return hex;
  let rgb = channels(hex);
  let colour = toHex(rgb);
  // scaling every channel down keeps the hue and saturation; 2 % per step, at most 50 steps
  for (let step = 0; step < 50 && contrast(colour, background) < MIN_CONTRAST; step++) {
    rgb = rgb.map((c) => c * 0.98) as [number, number, number];
    colour = toHex(rgb);
  }
  return colour;
}

/** `hex`, or the nearest darker shade of it that reads at MIN_CONTRAST against white (and white on it). */
export function readableOnWhite(hex: string): string {
  return readableOn(hex, '#ffffff');
}

/** Black or white, whichever reads better on the #rrggbb `background` (white for anything else). */
export function textOn(background: string): '#000000' | '#ffffff' {
  if (!/^#[0-9a-fA-F]{6}$/.test(background)) return '#ffffff';
  return contrast(background, '#000000') > contrast(background, '#ffffff') ? '#000000' : '#ffffff';
}
