/**
 * Text no database column holds (docs/decisions.md "Text that enters storage"): a NUL character,
 * which PostgreSQL refuses in text and jsonb, and a UTF-16 surrogate without its pair, which has no
 * UTF-8 form (the driver turns it into U+FFFD in a text column; jsonb refuses its `\ud800` escape).
 */
export type UnstorableText = 'nulCharacter' | 'loneSurrogate';

// a high surrogate not followed by a low one, or a low one not preceded by a high one
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** What in `text` no column can store, or null. */
export function unstorableIn(text: string): UnstorableText | null {
  if (text.includes('\u0000')) return 'nulCharacter';
  return LONE_SURROGATE.test(text) ? 'loneSurrogate' : null;
}

/** `text` with each NUL and lone surrogate replaced by U+FFFD (the replacement character). */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATES, '\uFFFD');
}
