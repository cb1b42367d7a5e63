import { Button, Checkbox, Radio, Space, TimePicker, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Weekday, WEEKDAYS_MON_FIRST, WEEKEND_DAYS, WORKDAYS } from '../../../shared/dict/inventory.ts';
import { SaleStatus } from '../../../shared/dict/product.ts';
import { useLabel } from '../../components/list-page/index.ts';

const ALL_DAYS = [...WEEKDAYS_MON_FIRST];

/** Weekday checkboxes, Monday first, with "weekdays / weekends / all" shortcuts (values 0 Sun … 6 Sat). */
export function WeekdayChecks({
  value,
  onChange,
}: {
  value?: number[];
  onChange?: (days: number[]) => void;
}) {
  const { t } = useTranslation('inventory');
  const label = useLabel();
  return (
    <Space orientation="vertical" size={4}>
      <Checkbox.Group
        value={value ?? []}
        onChange={(days) => onChange?.(days as number[])}
        options={WEEKDAYS_MON_FIRST.map((d) => ({ value: d, label: label(Weekday[d]) }))}
      />
      <Space size={4}>
        <Button size="small" onClick={() => onChange?.([...WORKDAYS])}>
          {t('workdays')}
        </Button>
        <Button size="small" onClick={() => onChange?.([...WEEKEND_DAYS])}>
          {t('weekend')}
        </Button>
        <Button size="small" onClick={() => onChange?.(ALL_DAYS)}>
          {t('allDays')}
        </Button>
      </Space>
    </Space>
  );
}

/** On sale / closed, or (bulk edits) leave unchanged: `undefined`. */
export function SaleStatusRadio({
  value,
  onChange,
  allowKeep,
}: {
  value?: number | undefined;
  onChange?: (status: number | undefined) => void;
  allowKeep?: boolean;
}) {
  const { t } = useTranslation('inventory');
  const label = useLabel();
  return (
    <Radio.Group
      value={value ?? 0}
      onChange={(e) => onChange?.(e.target.value === 0 ? undefined : (e.target.value as number))}
      options={[
        ...(allowKeep ? [{ value: 0, label: t('keep') }] : []),
        { value: 1, label: label(SaleStatus[1]) },
        { value: 2, label: label(SaleStatus[2]) },
      ]}
    />
  );
}

/** A time of day held as "HH:mm" text (the API's form), picked with antd's TimePicker. */
export function TimeOfDayInput({
  value,
  onChange,
  id,
}: {
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  id?: string;
}) {
  const parsed: Dayjs | null = value ? dayjs(`2000-01-01T${value}`) : null;
  return (
    <TimePicker
      id={id}
      format="HH:mm"
      minuteStep={5}
      needConfirm={false}
      value={parsed?.isValid() ? parsed : null}
      onChange={(time) => onChange?.(time ? time.format('HH:mm') : undefined)}
      style={{ width: '100%' }}
    />
  );
}

/** The days an antd month Calendar shows around `month`, as an API range (within 92 days). */
export function visibleRange(month: Dayjs): { from: string; to: string } {
  return {
    from: month.startOf('month').subtract(7, 'day').format('YYYY-MM-DD'),
    to: month.endOf('month').add(14, 'day').format('YYYY-MM-DD'),
  };
}

/** The days of a [from, to] pick as API fields. */
export function rangeFields(range: [Dayjs | null, Dayjs | null] | null | undefined) {
  return {
    from: range?.[0]?.format('YYYY-MM-DD'),
    to: range?.[1]?.format('YYYY-MM-DD'),
  };
}

export type FormErrors = { name: string; message: string }[];

/** Shows a schema's or the server's complaints on the form fields (from/to on the range). */
export function showErrors<T>(form: FormInstance<T>, errors: FormErrors, fields: string[]) {
  form.setFields(
    errors.map((e) => ({
      name: (e.name === 'from' || e.name === 'to'
        ? 'range'
        : fields.includes(e.name)
          ? e.name
          : fields[0]!) as never,
      errors: [e.message],
    })),
  );
}
