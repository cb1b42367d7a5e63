import { useQuery } from '@tanstack/react-query';
import { DatePicker, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { cardKindApi, type CardProductOption } from '../../../shared/api/cards.ts';
import { CardSaleSource } from '../../../shared/dict/cards.ts';
import { CheckboxGroupField } from '../../components/checkbox-group-field.tsx';
import { dictOptions } from '../../components/dict-select.tsx';
import type { Dict } from '../../components/dict-tag.tsx';
import type { ValueProps } from '../../components/field-props.ts';
import { IdsSelect } from '../../components/ids-select.tsx';
import { get } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';

const DAY = 'YYYY-MM-DD';

/** One code of a small dictionary as radio buttons. */
export function DictRadio({ id, value, onChange, dict }: ValueProps<number | string> & { dict: Dict }) {
  const { lang } = useSettings();
  return (
    <Radio.Group
      id={id}
      optionType="button"
      value={value}
      onChange={(e) => onChange?.(e.target.value as number | string)}
      options={dictOptions(dict, lang)}
    />
  );
}

/** A calendar day held as "YYYY-MM-DD". */
export function DayField({ id, value, onChange }: ValueProps<string | null>) {
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      value={value ? dayjs(value) : null}
      onChange={(day: Dayjs | null) => onChange?.(day ? day.format(DAY) : null)}
    />
  );
}

/** Several calendar days, held as sorted "YYYY-MM-DD" strings. */
export function DaysField({ id, value, onChange }: ValueProps<string[]>) {
  return (
    <DatePicker
      id={id}
      multiple
      style={{ width: '100%' }}
      maxTagCount="responsive"
      value={(value ?? []).map((d) => dayjs(d))}
      onChange={(days: Dayjs[] | null) => onChange?.((days ?? []).map((d) => d.format(DAY)).sort())}
    />
  );
}

/** The area's ticket products the card admits to; none chosen: the whole area. */
export function ProductsField(props: ValueProps<number[]>) {
  const { t } = useTranslation('cards');
  const { data, isPending } = useQuery({
    queryKey: [cardKindApi.productOptions],
    queryFn: () => get<CardProductOption[]>(cardKindApi.productOptions),
  });
  return (
    <IdsSelect
      {...props}
      options={data ?? []}
      fieldNames={{ value: 'id', label: 'name' }}
      optionFilterProp="name"
      loading={isPending}
      placeholder={t('productsPlaceholder')}
      notFoundContent={t('noProducts')}
    />
  );
}

/** The sale sources that may sell the card (docs/product.md §9 "Card purchase source"). */
export function ChannelsField({ value, onChange }: ValueProps<string[]>) {
  const { lang } = useSettings();
  return (
    <CheckboxGroupField
      value={value}
      onChange={(v) => onChange?.(v as string[])}
      options={dictOptions(CardSaleSource, lang).map((o) => ({ value: String(o.value), label: o.label }))}
    />
  );
}
