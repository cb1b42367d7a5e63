import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '../../shared/dict/dict.ts';
import { namespaces } from '../locales/index.ts';
import { settingsStore } from './settings.ts';

type Resources = { [N in keyof typeof namespaces]: (typeof namespaces)[N]['zh'] };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}

function resourcesFor(lang: Lang) {
  return Object.fromEntries(Object.entries(namespaces).map(([ns, messages]) => [ns, messages[lang]]));
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: settingsStore.get().lang,
  fallbackLng: 'zh',
  defaultNS: 'common',
  ns: Object.keys(namespaces),
  resources: { zh: resourcesFor('zh'), en: resourcesFor('en') },
  interpolation: { escapeValue: false },
  initAsync: false,
});

// The language switch applies everywhere at once, without a reload.
settingsStore.subscribe(() => {
  const { lang } = settingsStore.get();
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
});

/** Translation outside React (request layer, stores). */
export const t = i18n.t.bind(i18n);
