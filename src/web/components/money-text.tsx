import type { ReactNode } from 'react';
import { formatMoney } from '../../shared/money.ts';

export interface MoneyTextProps {
  /** Integer cents (docs/product.md §9). */
  cents: number | null | undefined;
  /** Shown when there is no amount. */
  fallback?: ReactNode;
}

/** An amount in yuan with two decimals; tabular digits so columns of amounts line up. */
export function MoneyText({ cents, fallback = null }: MoneyTextProps) {
  const text = formatMoney(cents);
  if (!text) return <>{fallback}</>;
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{text}</span>;
}

/** A plain antd table's column of cents shown in yuan (`key` and `dataIndex` are the field). */
export const moneyColumn = (field: string, title: ReactNode) => ({
  key: field,
  dataIndex: field,
  title,
  render: (v: number) => <MoneyText cents={v} />,
});
