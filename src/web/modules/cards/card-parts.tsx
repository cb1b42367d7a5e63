import type { CardKindRow, CardRow } from '../../../shared/api/cards.ts';
import { CardText } from '../../../shared/dict/cards.ts';
import { useSettings } from '../../lib/settings.ts';

/** The area's days 2026-01-01 – 2026-12-31, 永久有效 for an activated permanent card, nothing before activation. */
export function CardValidity({ card }: { card: Pick<CardRow, 'validFrom' | 'validUntil' | 'activatedAt'> }) {
  const { lang } = useSettings();
  if (card.validUntil == null) return <>{card.activatedAt ? CardText.permanent[lang] : ''}</>;
  return <>{`${card.validFrom ?? ''} – ${card.validUntil}`}</>;
}

/** Entries used / the kind's total (不限 when the kind has none; only the used ones when unknown). */
export function CardEntries({
  card,
  kind,
}: {
  card: Pick<CardRow, 'entriesUsed'>;
  kind?: Pick<CardKindRow, 'totalEntries'> | undefined;
}) {
  const { lang } = useSettings();
  if (!kind) return <>{card.entriesUsed}</>;
  return <>{`${card.entriesUsed} / ${kind.totalEntries || CardText.totalUnlimited[lang]}`}</>;
}
