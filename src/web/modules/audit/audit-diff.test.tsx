// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n.ts';
import { AuditDiff, diffLines } from './audit-diff.tsx';

describe('AuditDiff', () => {
  it('lists every field once and marks the changed ones', () => {
    expect(diffLines({ a: 1, b: [1], c: 'x' }, { a: 1, b: [2], d: true })).toEqual([
      { key: 'a', before: 1, after: 1, changed: false },
      { key: 'b', before: [1], after: [2], changed: true },
      { key: 'c', before: 'x', after: undefined, changed: true },
      { key: 'd', before: undefined, after: true, changed: true },
    ]);
    expect(diffLines(null, null)).toEqual([]);
  });

  it('shows changed fields first and highlighted', () => {
    render(<AuditDiff before={{ name: 'Old', scope: 'all' }} after={{ name: 'New', scope: 'all' }} />);
    const rows = screen.getByTestId('audit-diff').querySelectorAll('tbody tr');
    expect(rows[0]?.getAttribute('data-changed')).toBe('true');
    expect(rows[0]?.textContent).toContain('Old');
    expect(rows[0]?.textContent).toContain('New');
    expect(rows[1]?.hasAttribute('data-changed')).toBe(false);
    expect(screen.getByText('修改前')).toBeInTheDocument();
  });
});
