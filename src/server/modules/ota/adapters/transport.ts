import { egressRequest, type EgressResponse } from '../../../lib/egress.ts';

export const OUTBOUND_TIMEOUT_MS = 5000;
/** A platform answers a notice with a few bytes; more than this is not an answer we read. */
export const OUTBOUND_MAX_BYTES = 64 * 1024;

/**
 * POSTs an outbound message to the channel's callback URL, through the server's one way out
 * (lib/egress.ts): https to a public address, or an allow-listed sandbox; no redirect followed.
 * Rejects with an EgressError when refused or failed.
 */
export function postToPlatform(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<EgressResponse> {
  return egressRequest(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
    timeoutMs: OUTBOUND_TIMEOUT_MS,
    maxBytes: OUTBOUND_MAX_BYTES,
  });
}
