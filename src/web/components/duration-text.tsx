import type { ReactNode } from 'react';
import { formatDuration } from '../../shared/dates.ts';
import { useSettings } from '../lib/settings.ts';

export interface DurationTextProps {
  minutes: number | null | undefined;
  /** Shown when there is no duration. */
  fallback?: ReactNode;
}

/** docs/product.md §9: over 60 minutes as hours and minutes, in the console's language. */
export function DurationText({ minutes, fallback = null }: DurationTextProps) {
  const { lang } = useSettings();
  const text = formatDuration(minutes, lang);
  return text ? <span>{text}</span> : <>{fallback}</>;
}
