import { terminalDeviceApi } from '../../shared/api/terminals.ts';
import type { TestApp } from './harness.ts';

/** The client_credentials grant of `clientId` with its `secret` at the token endpoint: the raw answer. */
export function secretGrant(t: TestApp, clientId: string, secret: string) {
  const basic = Buffer.from(`${clientId}:${secret}`).toString('base64');
  return t.app.inject({
    method: 'POST',
    url: '/login/oauth/token',
    payload: 'grant_type=client_credentials',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** What an activation answers: the device's own client id and secret, and its area. */
export interface ActivatedDevice {
  clientId: string;
  clientSecret: string;
  scenicId: number;
}

/** Activates a registered terminal with its one-time code: the raw answer. */
export function activateDevice(t: TestApp, code: string) {
  return t.app.inject({ method: 'POST', url: terminalDeviceApi.activate, payload: { code } });
}
