import { startPaySandbox } from './sandbox.ts';

/**
 * `npm run pay-sandbox`: the payment sandbox on PAY_SANDBOX_PORT (default 9460), its keys kept in
 * PAY_SANDBOX_KEYS (default data/pay-sandbox) so the payment settings stay valid across restarts.
 */
const port = Number(process.env.PAY_SANDBOX_PORT ?? 9460);
const host = process.env.PAY_SANDBOX_HOST ?? '127.0.0.1';
const keyDir = process.env.PAY_SANDBOX_KEYS ?? 'data/pay-sandbox';

const sandbox = await startPaySandbox({ port, host, keyDir });
const keys = sandbox.control.keys();
process.stdout.write(
  `pay sandbox on ${sandbox.url}\n` +
    `  WeChat Pay gateway: ${sandbox.url}  (platform public key id ${keys.wechat.serial})\n` +
    `  Alipay gateway:     ${sandbox.url}/gateway.do\n` +
    `  keys:               ${keyDir}/ (wechat-platform-public.pem, alipay-public.pem)\n` +
    `  control API:        ${sandbox.url}/control/keys, /control/merchants, ...\n`,
);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
