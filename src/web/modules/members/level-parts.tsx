import { useTranslation } from 'react-i18next';
import type { MemberLevelRow } from '../../../shared/api/members.ts';
import { LEVEL_BASIS } from '../../../shared/dict/members.ts';
import { formatMoney } from '../../../shared/money.ts';

/** Whole yuan without decimals (1000, not 1000.00), as thresholds and rules are spoken of. */
export const yuan = (cents: number) => formatMoney(cents).replace(/\.00$/, '');

/** A threshold in yuan (total spend) or points. */
export function ThresholdText({ level }: { level: Pick<MemberLevelRow, 'basis' | 'threshold'> }) {
  const { t } = useTranslation('members');
  return level.basis === LEVEL_BASIS.spend
    ? t('thresholdSpend', { amount: yuan(level.threshold) })
    : t('thresholdPoints', { points: level.threshold });
}

/** "Pays 95% of the price" (or "95%" when `short`), or "no discount". */
export function DiscountText({ discount, short }: { discount: number; short?: boolean }) {
  const { t } = useTranslation('members');
  if (discount >= 100) return t('noDiscount');
  return short ? t('percent', { percent: discount }) : t('discountText', { percent: discount });
}
