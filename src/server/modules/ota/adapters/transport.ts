/** Where an outbound message goes; production POSTs to the channel's callback URL. */
export type OtaTransport = (
  url: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number; body: string }>;

export const OUTBOUND_TIMEOUT_MS = 5000;

export const httpTransport: OtaTransport = async (url, body, headers) => {
  const res = await fetch(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
    signal: AbortSignal.timeout(OUTBOUND_TIMEOUT_MS),
  });
  return { status: res.status, body: (await res.text()).slice(0, 1000) };
};

let current: OtaTransport = httpTransport;

export const otaTransport = (): OtaTransport => current;

/** Tests (and the simulator) swap in an in-process transport; returns the one it replaced. */
export function setOtaTransport(next: OtaTransport): OtaTransport {
  const previous = current;
  current = next;
  return previous;
}
