import { DatePicker, type DatePickerProps } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DATE_SHORTCUTS,
  RANGE_LIMIT_MS,
  endOfSecondRange,
  isWithinRangeLimit,
  shortcutRange,
} from '../../shared/dates.ts';
import type { DateShortcut } from '../../shared/dates.ts';
import { areaToday } from '../lib/area-clock.ts';

type DisabledDate = NonNullable<DatePickerProps['disabledDate']>;

const isFuture = (date: Dayjs) => date.isAfter(areaToday(), 'day');
const isPast = (date: Dayjs) => date.isBefore(areaToday(), 'day');

/** Keeps a caller's own disabledDate on top of the picker's rule. */
function also(rule: DisabledDate, extra?: DisabledDate): DisabledDate {
  return extra ? (date, info) => rule(date, info) || extra(date, info) : rule;
}

/** docs/product.md §5: a date that cannot lie in the future (birthdays, report days...). */
export function PastDatePicker({ disabledDate, ...props }: DatePickerProps) {
  return <DatePicker {...props} disabledDate={also(isFuture, disabledDate)} />;
}

/** docs/product.md §5: a future-only date (validity ends, bookings...): past days are disabled. */
export function FutureDatePicker({ disabledDate, ...props }: DatePickerProps) {
  return <DatePicker {...props} disabledDate={also(isPast, disabledDate)} />;
}

const SHORTCUT_LABELS = {
  today: 'shortcutToday',
  week: 'shortcutWeek',
  month: 'shortcutMonth',
  quarter: 'shortcutQuarter',
  year: 'shortcutYear',
} as const satisfies Record<DateShortcut, string>;

export interface DateRangePickerProps extends RangePickerProps {
  /** Future days are disabled unless this is set. */
  allowFuture?: boolean;
  /** docs/product.md §5: once one end is picked, the other must lie within this many ms of it; null: no limit. */
  rangeLimitMs?: number | null;
  /** The docs/product.md §9 shortcuts (today, 7, 29, 89, 364 days) as presets; on by default. */
  shortcuts?: boolean;
}

const sameRange = (a: readonly (Dayjs | null | undefined)[], b: readonly (Dayjs | null | undefined)[]) =>
  a.length === b.length && a.every((d, i) => (d && b[i] ? d.isSame(b[i]) : !d && !b[i]));

/**
 * A from-to date picker with the docs/product.md §5 limits and the §9 shortcuts. The range limit applies
 * while the user picks by hand, as in the original console: the shortcuts (up to 364 days) are
 * far longer than the limit, and antd would otherwise refuse them on submit.
 */
export function DateRangePicker({
  allowFuture = false,
  rangeLimitMs = RANGE_LIMIT_MS,
  shortcuts = true,
  disabledDate,
  presets,
  onCalendarChange,
  onOpenChange,
  ...props
}: DateRangePickerProps) {
  const { t } = useTranslation('widgets');
  // A ref, not state: antd validates a preset in the same call that reports it, before any render.
  const pickingByHand = useRef(false);
  const shortcutPresets = DATE_SHORTCUTS.map(({ key, daysBack }) => ({
    label: t(SHORTCUT_LABELS[key]),
    // evaluated on click, so a page left open overnight still means "today"
    value: () => shortcutRange(daysBack).map((ms) => dayjs(ms)) as [Dayjs, Dayjs],
  }));
  const mergedPresets = presets ?? (shortcuts ? shortcutPresets : undefined);
  const isPreset = (dates: readonly (Dayjs | null)[]) =>
    !!mergedPresets?.some(({ value }) => sameRange(typeof value === 'function' ? value() : value, dates));

  const rule: DisabledDate = (date, { from }) =>
    (!allowFuture && isFuture(date)) ||
    (pickingByHand.current &&
      rangeLimitMs !== null &&
      !!from &&
      !isWithinRangeLimit(from.valueOf(), date.valueOf(), rangeLimitMs));
  return (
    <DatePicker.RangePicker
      {...props}
      presets={mergedPresets}
      disabledDate={also(rule, disabledDate)}
      onCalendarChange={(dates, strings, info) => {
        pickingByHand.current = !isPreset(dates);
        onCalendarChange?.(dates, strings, info);
      }}
      onOpenChange={(open) => {
        if (!open) pickingByHand.current = false;
        onOpenChange?.(open);
      }}
    />
  );
}

/** docs/product.md §5: a time-range end picked to the whole second (ms ending in 000) covers that second. */
export function widenRangeEnd<T extends readonly [Dayjs | null, Dayjs | null] | null>(dates: T): T {
  const end = dates?.[1];
  if (!dates || !end) return dates;
  const widened = endOfSecondRange(end.valueOf()) - end.valueOf();
  return (widened ? [dates[0], end.add(widened, 'millisecond')] : dates) as T;
}

/** A date-and-time range (to the second) whose end includes its last second. */
export function TimeRangePicker({ onChange, ...props }: DateRangePickerProps) {
  return (
    <DateRangePicker
      showTime
      {...props}
      onChange={(dates, strings) => onChange?.(widenRangeEnd(dates), strings)}
    />
  );
}

interface InstantFieldProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
}

/**
 * A form field holding an instant to the minute as an ISO string; cleared is null, an open end
 * (a display window's start or end: announcements, home modules, carousels).
 */
export function InstantField({ id, value, onChange }: InstantFieldProps) {
  const { t } = useTranslation('widgets');
  return (
    <DatePicker
      id={id}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      placeholder={t('openEnd')}
      value={value ? dayjs(value) : null}
      onChange={(time) => onChange?.(time ? time.second(0).millisecond(0).toISOString() : null)}
      style={{ width: '100%' }}
    />
  );
}

const minute = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : null);

/** A display window as "from – to", an open end read as "any time", none at all as "always". */
export function WindowText({ from, to }: { from: string | null; to: string | null }) {
  const { t } = useTranslation('widgets');
  if (!from && !to) return t('always');
  return `${minute(from) ?? t('openEnd')} – ${minute(to) ?? t('openEnd')}`;
}
