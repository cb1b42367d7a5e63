import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../lib/settings.ts';
import type { Label } from './types.ts';

/** Turns a definition's label (locale key or dictionary entry) into text in the current language. */
export function useLabel(): (label: Label | undefined) => string {
  const { t } = useTranslation();
  const { lang } = useSettings();
  return useCallback(
    (label) => {
      if (!label) return '';
      if (typeof label === 'string') return String((t as unknown as (key: string) => string)(label));
      return label[lang];
    },
    [t, lang],
  );
}
