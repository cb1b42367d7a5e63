import { useLayoutEffect, useRef, type ReactNode } from 'react';

const SCROLL_BOXES = '.ant-table-content, .ant-table-body';
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/**
 * Wraps an antd Table that may scroll sideways. A keyboard user scrolls a box by focusing something in
 * it; a read-only table has nothing focusable, so its scrolling box takes focus itself (WCAG 2.1.1,
 * axe scrollable-region-focusable).
 */
export function KeyboardScroll({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    for (const box of ref.current?.querySelectorAll<HTMLElement>(SCROLL_BOXES) ?? []) {
      const reachable = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].some(
        (e) => e !== box && e.tabIndex >= 0,
      );
      if (reachable) box.removeAttribute('tabindex');
      else box.tabIndex = 0;
    }
  });
  return <div ref={ref}>{children}</div>;
}
