import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SandboxPublicKeys } from '../../../pay-sandbox/control.ts';
import type { Config } from '../../lib/config.ts';
import type { Db } from '../../db/client.ts';
import { open, seal } from '../../lib/secret-box.ts';
import { replayDemoHistory } from './pay-demo-history.ts';
import { paymentSettings } from './payments.table.ts';

/** The sandbox's control API (the demo's own, on this machine: not a provider call). */
export function sandboxControl(sandboxUrl: string) {
  return async (path: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${sandboxUrl}/control/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`pay sandbox ${path}: HTTP ${res.status}`);
    return res.json();
  };
}

/**
 * The demo's payments against the sandbox started with the server (PAY_SANDBOX): every pay way
 * whose gateway is the sandbox has its merchant made known to it (the public key of the stored
 * private key, the certificate serial, the APIv3 key) at each start, the sandbox's own keys stored
 * as the provider's, and is enabled as long as no person has saved it (a staff's "off" stays off). A pay way pointing
 * elsewhere is left alone.
 */
export async function connectPaySandbox(db: Db, sandboxUrl: string): Promise<number> {
  const control = sandboxControl(sandboxUrl);
  const keys = (await control('keys')) as SandboxPublicKeys;
  let connected = 0;
  for (const row of await db.select().from(paymentSettings)) {
    if (!row.gatewayUrl.startsWith(sandboxUrl)) continue;
    const privateKey = open(row.privateKeySealed);
    if (!privateKey || !row.merchantId || !row.appId) continue;
    const publicKey = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
    await control('merchants', {
      merchantId: row.merchantId,
      appId: row.appId,
      publicKey,
      certSerial: row.certSerial || null,
      apiKey: open(row.apiKeySealed),
    });
    const providerKey = row.payWay === 2 ? keys.wechat.publicKey : keys.alipay.publicKey;
    // the provider's key as the sandbox has it; enabled while no person has saved the pay way
    if (open(row.providerKeySealed) !== providerKey || (!row.enabled && row.updatedBy == null)) {
      await db
        .update(paymentSettings)
        .set({
          providerKeySealed: seal(providerKey),
          providerKeySerial: row.payWay === 2 ? keys.wechat.serial : '',
          enabled: true,
          updatedAt: new Date(),
        })
        .where(eq(paymentSettings.id, row.id));
    }
    connected++;
  }
  return connected;
}

/** At start, with PAY_SANDBOX: the demo's pay ways connected to the sandbox (in this process or its own). */
export async function startDemoPayments(db: Db, config: Config): Promise<void> {
  if (!config.paySandbox) return;
  await connectPaySandbox(db, config.paySandboxUrl);
  // the demo history's online payments told to the sandbox again; reconciled on the first start
  await replayDemoHistory(db, config, sandboxControl(config.paySandboxUrl));
}
