// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { daysInclusive, LIST_MAX_DAYS } from '../../../shared/api/inventory.ts';
import '../../lib/i18n.ts';
import { visibleRange, WeekdayChecks } from './inventory-widgets.tsx';

function Harness() {
  const [days, setDays] = useState<number[]>([]);
  return (
    <>
      <WeekdayChecks value={days} onChange={setDays} />
      <output data-testid="days">{days.join(',')}</output>
    </>
  );
}

describe('WeekdayChecks', () => {
  it('lists Monday first and fills weekdays, weekends and all with the shortcuts', async () => {
    render(<Harness />);
    const labels = screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent);
    expect(labels).toEqual(['周一', '周二', '周三', '周四', '周五', '周六', '周日']);
    await userEvent.click(screen.getByRole('button', { name: '工作日' }));
    expect(screen.getByTestId('days').textContent).toBe('1,2,3,4,5');
    await userEvent.click(screen.getByRole('button', { name: /周\s?末/ }));
    expect(screen.getByTestId('days').textContent).toBe('6,0');
    await userEvent.click(screen.getByRole('button', { name: /全\s?部/ }));
    expect(screen.getByTestId('days').textContent).toBe('1,2,3,4,5,6,0');
    await userEvent.click(screen.getByRole('checkbox', { name: '周三' }));
    expect(screen.getByTestId('days').textContent?.split(',')).not.toContain('3');
  });
});

describe('visibleRange', () => {
  it('covers the weeks the month view shows, within what the list route accepts', () => {
    for (const month of ['2026-02-01', '2026-03-15', '2026-12-31']) {
      const { from, to } = visibleRange(dayjs(month));
      expect(daysInclusive(from, to)).toBeLessThanOrEqual(LIST_MAX_DAYS);
      expect(from <= dayjs(month).startOf('month').startOf('week').format('YYYY-MM-DD')).toBe(true);
    }
  });
});
