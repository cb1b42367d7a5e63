/** A namespace of console texts in both languages, keyed by text key. */
export interface Messages<K extends string = string> {
  zh: Record<K, string>;
  en: Record<K, string>;
}

/**
 * A namespace of console texts in both languages. The English half must have exactly the keys of
 * the Chinese one, so a missing translation fails the type check.
 */
export function defineMessages<T extends Record<string, string>>(messages: {
  zh: T;
  en: { [K in keyof T]: string };
}) {
  return messages;
}

/**
 * What a `<module>.locale.ts` file exports by default: its namespaces (`{ orders: defineMessages(…) }`).
 * The module's manifest loads it with the module's screens (src/web/lib/web-module.ts).
 */
export type LocaleFile = Record<string, Messages>;
export type LocaleLoader = () => Promise<{ default: LocaleFile }>;
