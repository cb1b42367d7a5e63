import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../lib/config.ts';
import { seal } from '../../lib/secret-box.ts';
import { paymentSettings } from './payments.table.ts';

let sandboxUrl = 'http://127.0.0.1:9460';
let sandboxKeyDir: string | null = null;

/** The demo points at the local sandbox (PAY_SANDBOX_URL) and takes its keys when it has made them. */
export function configurePaymentsDemo(config: Config): void {
  sandboxUrl = config.paySandboxUrl;
  sandboxKeyDir = path.join(config.dataDir, 'pay-sandbox');
}

const sandboxKey = (file: string) => {
  const at = sandboxKeyDir && path.join(sandboxKeyDir, file);
  return at && fs.existsSync(at) ? fs.readFileSync(at, 'utf8') : '';
};

/**
 * The demo area's WeChat Pay and Alipay, in sandbox mode against the local pay sandbox
 * (`npm run pay-sandbox`): a merchant key pair made at seed, the sandbox's public keys when its key
 * folder (DATA_DIR/pay-sandbox) exists. Not enabled until the sandbox knows the merchant.
 */
export async function seedDemoPayments(tx: Db, scenicId: number): Promise<void> {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const serial = crypto
    .createHash('sha1')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .toUpperCase();
  const wechatKey = sandboxKey('wechat-platform-public.pem');
  const alipayKey = sandboxKey('alipay-public.pem');
  const common = { scenicId, enabled: false, sandbox: true, privateKeySealed: seal(pem) };
  await tx.insert(paymentSettings).values([
    {
      ...common,
      payWay: 2,
      merchantId: `19000${String(scenicId).padStart(5, '0')}`,
      appId: 'wxdemo0000000001',
      gatewayUrl: sandboxUrl,
      certSerial: serial.slice(0, 40),
      apiKeySealed: seal(crypto.createHash('sha256').update(`demo-${scenicId}`).digest('hex').slice(0, 32)),
      providerKeySealed: wechatKey ? seal(wechatKey) : '',
      providerKeySerial: wechatKey
        ? `PUB_KEY_ID_${crypto.createHash('sha256').update(wechatKey).digest('hex').slice(0, 32).toUpperCase()}`
        : '',
    },
    {
      ...common,
      payWay: 3,
      merchantId: `20880${String(scenicId).padStart(11, '0')}`,
      appId: `2021000${String(scenicId).padStart(9, '0')}`,
      gatewayUrl: `${sandboxUrl}/gateway.do`,
      providerKeySealed: alipayKey ? seal(alipayKey) : '',
    },
  ]);
}
