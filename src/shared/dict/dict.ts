/** One entry of an enumeration of the spec: its label in both languages and an optional tag colour. */
export interface DictEntry {
  zh: string;
  en: string;
  color?: string;
}

export type Lang = 'zh' | 'en';

/** Declares a dictionary; the `satisfies` check makes a missing translation a type error. */
export function defineDict<const T extends Record<number | string, DictEntry>>(dict: T): T {
  return dict;
}

/** The numeric codes of a dictionary, in declaration order. */
export function dictCodes<T extends Record<number, DictEntry>>(dict: T): number[] {
  return Object.keys(dict).map(Number);
}

export function dictLabel(
  dict: Record<number | string, DictEntry>,
  code: number | string,
  lang: Lang,
): string {
  return dict[code]?.[lang] ?? String(code);
}
