import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '../../shared/dict/dict.ts';
import type { LocaleLoader, Messages } from '../locales/define.ts';
import type { Namespaces } from '../locales/index.ts';
import { shellNamespaces } from '../locales/shell.ts';
import { settingsStore } from './settings.ts';

type Resources = { [N in keyof Namespaces]: Namespaces[N]['zh'] };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}

function resourcesFor(namespaces: Record<string, Messages>, lang: Lang) {
  return Object.fromEntries(Object.entries(namespaces).map(([ns, messages]) => [ns, messages[lang]]));
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: settingsStore.get().lang,
  fallbackLng: 'zh',
  defaultNS: 'common',
  ns: Object.keys(shellNamespaces),
  resources: { zh: resourcesFor(shellNamespaces, 'zh'), en: resourcesFor(shellNamespaces, 'en') },
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

const loaded = new WeakMap<LocaleLoader, Promise<void>>();

/**
 * Adds a module's texts (its `<module>.locale.ts`, a chunk of its own). The route table loads them
 * with the module's screens, so a screen never renders before its texts. Loaded once per loader;
 * retried after a failed download.
 */
export function loadLocales(load: LocaleLoader): Promise<void> {
  let pending = loaded.get(load);
  if (!pending) {
    pending = load().then(
      ({ default: namespaces }) => {
        for (const lang of ['zh', 'en'] as const)
          for (const [ns, messages] of Object.entries(namespaces))
            i18n.addResourceBundle(lang, ns, messages[lang], true, true);
      },
      (error: unknown) => {
        loaded.delete(load);
        throw error;
      },
    );
    loaded.set(load, pending);
  }
  return pending;
}
