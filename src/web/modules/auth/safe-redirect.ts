/** Only same-console paths are honoured as ?redirect= targets (no other host, no scheme). */
export function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/';
}
