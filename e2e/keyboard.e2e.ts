// Issue 14 (docs/accessibility.md): the layout and a list page by keyboard alone; every stop is
// visible and shows a focus indicator.
import { describe, expect, inject, it } from 'vitest';
import { useConsole } from './support/browser.ts';
import { pane } from './support/ui.ts';

const { openPage } = useConsole();

interface Stop {
  /** Where the stop is: the top bar, the sidebar, the page's search form, a table row, elsewhere. */
  area: 'topbar' | 'sidebar' | 'search' | 'row' | 'other';
  name: string;
  visible: boolean;
  /** Outline or box-shadow of the element (or the antd box around it) differs from its unfocused state. */
  indicated: boolean;
}

/**
 * Reads the focused element, then blurs and refocuses it to compare its unfocused look (a frame later
 * each time: antd marks some focused boxes with a class from React state).
 */
async function describeFocus(): Promise<Stop | null> {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return null;
  // the element, the antd boxes around it (select, picker, checkbox wrappers) and its next sibling
  // (a checkbox's drawn box)
  const boxes = [el, el.parentElement, el.parentElement?.parentElement, el.nextElementSibling].filter(
    (b): b is HTMLElement => b instanceof HTMLElement,
  );
  const look = () =>
    boxes
      .map((b) => {
        const s = getComputedStyle(b);
        const outline = s.outlineStyle === 'none' || s.outlineWidth === '0px' ? 'none' : s.outline;
        return `${outline}|${s.boxShadow}`;
      })
      .join(';');
  const focused = look();
  el.blur();
  await frame();
  const unfocused = look();
  el.focus();
  await frame();
  const rect = el.getBoundingClientRect();
  const area = el.closest('.ant-layout-header')
    ? 'topbar'
    : el.closest('.ant-layout-sider')
      ? 'sidebar'
      : el.closest('.ant-table-row')
        ? 'row'
        : el.closest('[data-testid="active-pane"] form')
          ? 'search'
          : 'other';
  return {
    area,
    name: `${el.tagName.toLowerCase()} ${(el.getAttribute('aria-label') ?? el.innerText ?? '').trim().slice(0, 30)}`,
    visible: rect.width > 0 && rect.height > 0 && el.checkVisibility({ visibilityProperty: true }),
    indicated: focused !== unfocused,
  };
}

describe('keyboard', () => {
  it('reaches the top bar, the sidebar, a search form and the row actions, each with a visible focus', async () => {
    const { page, go } = await openPage({ tokens: inject('adminTokens') });
    await go('/sys/admin');
    await pane(page).locator('.ant-table-row').first().waitFor();
    // no transitions: the unfocused look is read at once after a blur
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
    await page.locator('body').focus();

    const stops: Stop[] = [];
    for (let i = 0; i < 200; i++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(describeFocus);
      if (!stop) continue;
      stops.push(stop);
      if (stop.area === 'row' && stop.name.startsWith('button')) break;
    }

    const areas = new Set(stops.map((s) => s.area));
    expect([...areas].sort()).toEqual(expect.arrayContaining(['row', 'search', 'sidebar', 'topbar']));
    const bad = stops.filter((s) => !s.visible || !s.indicated);
    expect(bad.map((s) => `${s.area}: ${s.name} (visible ${s.visible}, indicator ${s.indicated})`)).toEqual(
      [],
    );
  });
});
