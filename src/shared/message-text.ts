/**
 * A message template's text with named variables, `${orderNo}`: filled in by the server when a message
 * is sent and by the console's live preview with the same rules (docs/messaging.md).
 */
const VARIABLE = /\$\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The names a text uses, each once, in order of first use. */
export function variablesIn(content: string): string[] {
  return [...new Set([...content.matchAll(VARIABLE)].map((m) => m[1]!))];
}

/** The text with each variable replaced by its value; a variable without a value stays as written. */
export function fillMessage(content: string, values: Readonly<Record<string, string>>): string {
  return content.replace(VARIABLE, (whole, name: string) => values[name] ?? whole);
}
