import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, InputNumber, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { couponApi, type CouponProductOption, type CouponRow } from '../../../shared/api/coupons.ts';
import {
  COUPON_SCOPE,
  COUPON_VALIDITY,
  CouponScope,
  couponDiscountText,
  couponValidityText,
  DISCOUNT_KIND,
} from '../../../shared/dict/coupons.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { MoneyInput } from '../../components/money-input.tsx';
import { get } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import type { ValueProps } from '../../components/field-props.ts';
import { IdsSelect } from '../../components/ids-select.tsx';

/** The area's ticket products (GET /coupon/productOptions). */
function useProducts() {
  return useQuery({
    queryKey: [couponApi.productOptions],
    queryFn: () => get<CouponProductOption[]>(couponApi.productOptions),
  });
}

/** The chosen tickets: several products of the area; only with the scope "chosen tickets". */
export function ProductsField({ id, value, onChange }: ValueProps<number[]>) {
  const { t } = useTranslation('coupons');
  const scope = Form.useWatch<number | undefined>('scope');
  const needed = scope === COUPON_SCOPE.chosen;
  const products = useProducts();
  return (
    <IdsSelect
      id={id}
      value={needed ? value : []}
      onChange={onChange}
      disabled={!needed}
      loading={products.isPending}
      placeholder={needed ? t('productsPlaceholder') : t('notNeeded')}
      notFoundContent={t('noProducts')}
      options={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
    />
  );
}

/** The amount off (typed in yuan, held in cents); only for an amount-off coupon. */
export function AmountOffField({ id, value, onChange }: ValueProps<number | null>) {
  const { t } = useTranslation('coupons');
  const kind = Form.useWatch<number | undefined>('discountKind');
  const needed = kind === DISCOUNT_KIND.amount;
  return (
    <MoneyInput
      id={id}
      value={needed ? value : null}
      onChange={(cents) => onChange?.(cents)}
      disabled={!needed}
      placeholder={needed ? undefined : t('notNeeded')}
    />
  );
}

/** The percent paid (1-99); only for a percentage coupon. */
export function PercentField({ id, value, onChange }: ValueProps<number | null>) {
  const { t } = useTranslation('coupons');
  const kind = Form.useWatch<number | undefined>('discountKind');
  const needed = kind === DISCOUNT_KIND.percent;
  return (
    <InputNumber<number>
      id={id}
      min={1}
      max={99}
      precision={0}
      suffix={t('percentUnit')}
      style={{ width: '100%' }}
      value={needed ? value : null}
      onChange={(n) => onChange?.(n)}
      disabled={!needed}
      placeholder={needed ? undefined : t('notNeeded')}
    />
  );
}

/** A calendar day held as "YYYY-MM-DD"; only with fixed dates. */
export function DateField({ id, value, onChange }: ValueProps<string | null>) {
  const { t } = useTranslation('coupons');
  const kind = Form.useWatch<number | undefined>('validityKind');
  const needed = kind === COUPON_VALIDITY.fixed;
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      value={needed && value ? dayjs(value) : null}
      onChange={(day) => onChange?.(day ? day.format('YYYY-MM-DD') : null)}
      disabled={!needed}
      placeholder={needed ? undefined : t('notNeeded')}
    />
  );
}

/** Days of validity after receipt; only with "N days after receipt". */
export function DaysField({ id, value, onChange }: ValueProps<number | null>) {
  const { t } = useTranslation('coupons');
  const kind = Form.useWatch<number | undefined>('validityKind');
  const needed = kind === COUPON_VALIDITY.days;
  return (
    <InputNumber<number>
      id={id}
      min={1}
      max={3650}
      precision={0}
      style={{ width: '100%' }}
      value={needed ? value : null}
      onChange={(n) => onChange?.(n)}
      disabled={!needed}
      placeholder={needed ? undefined : t('notNeeded')}
    />
  );
}

/** "满100减20元", "9折". */
export function DiscountText({
  row,
}: {
  row: Pick<CouponRow, 'discountKind' | 'amountOff' | 'percent' | 'minSpend'>;
}) {
  const { lang } = useSettings();
  return <>{couponDiscountText(row, lang)}</>;
}

/** Fixed dates, or N days after receipt. */
export function ValidityText({ row }: { row: CouponRow }) {
  const { lang } = useSettings();
  return <>{couponValidityText(row, lang)}</>;
}

/** All products, or the chosen tickets as tags. */
export function ScopeText({ row }: { row: CouponRow }) {
  const { lang } = useSettings();
  if (row.scope !== COUPON_SCOPE.chosen) return <>{dictLabel(CouponScope, row.scope, lang)}</>;
  return (
    <Space size={[0, 4]} wrap>
      {row.productNames.map((name, i) => (
        <Tag key={row.productIds[i] ?? name}>{name}</Tag>
      ))}
    </Space>
  );
}
