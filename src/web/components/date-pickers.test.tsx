// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs, { type Dayjs } from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n.ts';
import {
  DateRangePicker,
  FutureDatePicker,
  PastDatePicker,
  TimeRangePicker,
  widenRangeEnd,
} from './date-pickers.tsx';

const DAY = 86_400_000;
const cell = (date: string) => document.querySelector<HTMLElement>(`td[title="${date}"]`)!;
const disabled = (date: string) => cell(date).classList.contains('ant-picker-cell-disabled');
const stamp = (d: Dayjs | null | undefined) => d?.format('YYYY-MM-DD HH:mm:ss.SSS');

beforeEach(() => {
  // Only Date is faked, so antd's own timers and user-event keep running.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2024, 2, 15, 14, 30));
});
afterEach(() => vi.useRealTimers());

describe('PastDatePicker and FutureDatePicker', () => {
  it('PastDatePicker forbids days after today', () => {
    render(<PastDatePicker open />);
    expect(disabled('2024-03-14')).toBe(false);
    expect(disabled('2024-03-15')).toBe(false);
    expect(disabled('2024-03-16')).toBe(true);
  });

  it('FutureDatePicker forbids days before today', () => {
    render(<FutureDatePicker open />);
    expect(disabled('2024-03-14')).toBe(true);
    expect(disabled('2024-03-15')).toBe(false);
    expect(disabled('2024-03-16')).toBe(false);
  });

  it("keeps the caller's own disabledDate too", () => {
    render(<PastDatePicker open disabledDate={(d) => d.date() === 1} />);
    expect(disabled('2024-03-01')).toBe(true);
    expect(disabled('2024-03-02')).toBe(false);
    expect(disabled('2024-03-16')).toBe(true);
  });
});

describe('DateRangePicker', () => {
  it('offers the spec shortcuts, computed when clicked', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DateRangePicker open onChange={onChange} />);
    for (const label of ['今天', '最近一周', '最近一个月', '最近三个月', '最近一年']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    await user.click(screen.getByText('最近一周'));
    expect(onChange).toHaveBeenCalledTimes(1);
    const [dates] = onChange.mock.calls[0] as [[Dayjs, Dayjs]];
    expect(stamp(dates[0])).toBe('2024-03-08 00:00:00.000');
    expect(stamp(dates[1])).toBe('2024-03-15 23:59:59.999');

    await user.click(screen.getByText('最近一年'));
    const [year] = onChange.mock.calls[1] as [[Dayjs, Dayjs]];
    expect(stamp(year[0])).toBe('2023-03-17 00:00:00.000');
  });

  it('forbids future days unless allowed', () => {
    const { unmount } = render(<DateRangePicker open />);
    expect(disabled('2024-03-15')).toBe(false);
    expect(disabled('2024-03-16')).toBe(true);
    unmount();
    render(<DateRangePicker open allowFuture />);
    expect(disabled('2024-03-16')).toBe(false);
  });

  it('once a start is picked, keeps the end within the limit on each side of it', async () => {
    const user = userEvent.setup();
    render(<DateRangePicker open rangeLimitMs={3 * DAY} />);
    expect(disabled('2024-03-01')).toBe(false);
    await user.click(cell('2024-03-10'));
    expect(disabled('2024-03-07')).toBe(false);
    expect(disabled('2024-03-13')).toBe(false);
    expect(disabled('2024-03-06')).toBe(true);
    expect(disabled('2024-03-14')).toBe(true);
  });

  it('applies the spec limit of 46,656,000 ms by default', async () => {
    const user = userEvent.setup();
    render(<DateRangePicker open />);
    await user.click(cell('2024-03-10'));
    expect(disabled('2024-03-10')).toBe(false);
    // 46,656,000 ms is 12.96 h, less than a day
    expect(disabled('2024-03-11')).toBe(true);
    expect(disabled('2024-03-09')).toBe(true);
  });

  it('still accepts a shortcut after a day was picked by hand', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DateRangePicker open onChange={onChange} />);
    await user.click(cell('2024-03-10'));
    expect(disabled('2024-03-11')).toBe(true);
    await user.click(screen.getByText('最近一个月'));
    expect(onChange).toHaveBeenCalledTimes(1);
    const [dates] = onChange.mock.calls[0] as [[Dayjs, Dayjs]];
    expect(stamp(dates[0])).toBe('2024-02-15 00:00:00.000');
    expect(stamp(dates[1])).toBe('2024-03-15 23:59:59.999');
  });

  it('ignores a click on an end beyond the limit and takes one within it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DateRangePicker open onChange={onChange} rangeLimitMs={2 * DAY} />);
    await user.click(cell('2024-03-01'));
    await user.click(cell('2024-03-09'));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(cell('2024-03-02'));
    expect(onChange).toHaveBeenCalledTimes(1);
    const [dates] = onChange.mock.calls[0] as [[Dayjs, Dayjs]];
    expect(dates.map((d) => d.format('YYYY-MM-DD'))).toEqual(['2024-03-01', '2024-03-02']);
  });
});

describe('TimeRangePicker', () => {
  it('adds 999 ms to an end ending in 000 and keeps other values', () => {
    const start = dayjs('2024-03-10 08:00:00');
    const end = dayjs('2024-03-10 18:30:00');
    const [s, e] = widenRangeEnd([start, end]);
    expect(stamp(s)).toBe('2024-03-10 08:00:00.000');
    expect(stamp(e)).toBe('2024-03-10 18:30:00.999');
    const keep = [start, end.add(5, 'ms')] as const;
    expect(widenRangeEnd(keep)).toBe(keep);
    expect(widenRangeEnd(null)).toBeNull();
    expect(widenRangeEnd([start, null])).toEqual([start, null]);
  });

  it('hands the widened end to onChange when the user types a range', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TimeRangePicker onChange={onChange} rangeLimitMs={null} />);
    const [from, to] = screen.getAllByRole('textbox') as [HTMLInputElement, HTMLInputElement];
    await user.click(from);
    await user.type(from, '2024-03-10 08:00:00');
    fireEvent.keyDown(from, { key: 'Enter' });
    await user.type(to, '2024-03-12 18:30:00');
    fireEvent.keyDown(to, { key: 'Enter' });
    await vi.waitFor(() => expect(onChange).toHaveBeenCalled());
    const [dates] = onChange.mock.calls.at(-1) as [[Dayjs, Dayjs]];
    expect(stamp(dates[0])).toBe('2024-03-10 08:00:00.000');
    expect(stamp(dates[1])).toBe('2024-03-12 18:30:00.999');
  });
});
