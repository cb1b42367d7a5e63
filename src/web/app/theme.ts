import { theme as antTheme, type ThemeConfig } from 'antd';
import { readableOn, readableOnWhite } from '../lib/theme-color.ts';

/** antd's preset colours: a tag of one writes its shade 7 on its shade 1. */
const PRESETS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'gold',
  'lime',
] as const;
/** Status colours: their text (tags, links, danger buttons) sits on their light background or on white. */
const STATUSES = ['Success', 'Warning', 'Error'] as const;

type Token = NonNullable<ThemeConfig['token']>;

/**
 * antd's default colours where they read below WCAG AA (4.5:1) on the console's backgrounds, made
 * readable once (docs/accessibility.md): the secondary greys (.45 descriptions, .25 placeholders),
 * the preset tag texts and the status colours, each darkened keeping its hue.
 */
function readableDefaults(): Token {
  const defaults = antTheme.getDesignToken() as unknown as Record<string, string>;
  const token: Record<string, string> = {
    // rgba(0,0,0,.45) is 3.4:1 on white; .57 reads at 5:1 on white and on the grey of a disabled field
    colorTextTertiary: 'rgba(0, 0, 0, 0.57)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.57)',
  };
  for (const preset of PRESETS) {
    // `green7` and `green-7` are both antd tokens and both become the CSS variable --ant-green-7
    const text = readableOn(defaults[`${preset}7`]!, defaults[`${preset}1`]!);
    token[`${preset}7`] = text;
    token[`${preset}-7`] = text;
  }
  for (const status of STATUSES) {
    // the light background stays antd's; only the colour on it darkens
    const background = defaults[`color${status}Bg`]!;
    token[`color${status}`] = readableOn(defaults[`color${status}`]!, background);
    token[`color${status}Bg`] = background;
  }
  return token as Token;
}

const READABLE = readableDefaults();

/**
 * The antd tokens of the console: the staff's theme colour (docs/product.md §9, default #409EFF) as
 * the hue, painted as its nearest shade that white text and links read on (src/web/lib/theme-color.ts).
 */
export function themeTokens(themeColour: string): Token {
  // readable on white, and on the light greys and tints antd puts under it (card tabs, today's date)
  const primary = readableOn(readableOnWhite(themeColour), '#e6e6e6');
  return { ...READABLE, colorPrimary: primary, colorInfo: primary, colorLink: primary };
}

/**
 * Per-component adjustments: a month calendar's days of the neighbouring months are clickable, not
 * disabled, so they are drawn in a readable grey rather than antd's disabled .25; today's date is
 * written in the theme colour on a tint of it, so there the colour is one shade darker still.
 */
export function themeComponents(themeColour: string): ThemeConfig['components'] {
  return {
    Calendar: {
      colorTextDisabled: 'rgba(0, 0, 0, 0.57)',
      colorPrimary: readableOn(themeTokens(themeColour).colorPrimary as string, '#d0d0d0'),
    },
  };
}
