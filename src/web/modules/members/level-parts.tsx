import { useTranslation } from 'react-i18next';
import type { MemberLevelRow } from '../../../shared/api/members.ts';
import { LEVEL_BASIS } from '../../../shared/dict/members.ts';
import { formatCents } from '../../../shared/money.ts';

/** A threshold in yuan (total spend) or points. */
export function ThresholdText({ level }: { level: Pick<MemberLevelRow, 'basis' | 'threshold'> }) {
  const { t } = useTranslation('members');
  return level.basis === LEVEL_BASIS.spend
    ? t('thresholdSpend', { amount: formatCents(level.threshold) })
    : t('thresholdPoints', { points: level.threshold });
}

/** "95%" or "no discount". */
export function DiscountText({ discount }: { discount: number }) {
  const { t } = useTranslation('members');
  return discount < 100 ? t('discountText', { percent: discount }) : t('noDiscount');
}
