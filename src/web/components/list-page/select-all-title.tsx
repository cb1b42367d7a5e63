import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * The select-all checkbox of a table's header. antd also copies every column title into a hidden row
 * that measures widths (`aria-hidden`); the copy there is taken out of the tab order, so keyboard focus
 * never lands on something hidden from screen readers (axe aria-hidden-focus).
 */
function SelectAllTitle({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element?.closest('[aria-hidden="true"]')) return;
    for (const input of element.querySelectorAll('input')) input.tabIndex = -1;
  });
  return <span ref={ref}>{children}</span>;
}

/** antd's `rowSelection.columnTitle`. */
export const selectAllTitle = (checkbox: ReactNode) => <SelectAllTitle>{checkbox}</SelectAllTitle>;
