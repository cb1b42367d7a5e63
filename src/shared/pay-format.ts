/** The providers' shared formats: yuan text (both speak yuan in statements, Alipay everywhere) and China Standard Time. */

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Fen to yuan text with two decimals ("12.50"), exactly: integer arithmetic, no float. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`not an amount in fen: ${fen}`);
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${pad(abs % 100)}`;
}

/** Yuan text ("12.5", "12.50", "-0.01", "12") to fen, exactly; null when it is not an amount. */
export function yuanToFen(text: string): number | null {
  const m = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -fen : fen;
}

/** The date and time parts in China Standard Time (UTC+8), where both providers keep their clocks. */
export function cstParts(at: Date) {
  const d = new Date(at.getTime() + 8 * 3600_000);
  return {
    date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
  };
}

/** WeChat's RFC 3339 time in UTC+8: 2024-05-01T10:00:00+08:00 */
export function rfc3339Cst(at: Date): string {
  const { date, time } = cstParts(at);
  return `${date}T${time}+08:00`;
}

/** Alipay's time, read in UTC+8: 2024-05-01 10:00:00 */
export function cstDateTime(at: Date): string {
  const { date, time } = cstParts(at);
  return `${date} ${time}`;
}

/** "2024-05-01 10:00:00" (UTC+8, as both providers write it) to a Date; null when it is not one. */
export function parseCstDateTime(text: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(text.trim());
  if (!m) return null;
  const d = new Date(`${m[1]}T${m[2]}+08:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** An RFC 3339 time (WeChat's success_time) to a Date, or null. */
export function parseRfc3339(text: unknown): Date | null {
  if (typeof text !== 'string' || !text) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d;
}
