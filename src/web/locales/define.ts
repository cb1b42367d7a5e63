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
