import path from 'node:path';
import { startPaySandbox, type PaySandbox } from '../pay-sandbox/sandbox.ts';
import type { Config } from './lib/config.ts';
import { normalizeAllowEntry } from './lib/egress.ts';

/**
 * With PAY_SANDBOX (on with the demo data), the payment sandbox runs in this process on
 * PAY_SANDBOX_URL's port (0: a free one), its keys kept in DATA_DIR/pay-sandbox so the stored
 * settings stay valid across restarts. The configuration then names its real address, and the
 * egress allow-list lets the adapters reach it (it is on the loopback). When the port is taken (an
 * `npm run pay-sandbox` of its own), that one is used as it is, and the note says so.
 */
export async function startDemoPaySandbox(
  config: Config,
): Promise<{ sandbox: PaySandbox | null; note: string | null }> {
  if (!config.paySandbox) return { sandbox: null, note: null };
  const at = new URL(config.paySandboxUrl);
  let sandbox: PaySandbox;
  try {
    sandbox = await startPaySandbox({
      port: Number(at.port || 80),
      host: at.hostname,
      keyDir: path.join(config.dataDir, 'pay-sandbox'),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    config.egressAllow = [...config.egressAllow, normalizeAllowEntry(at.host)!];
    return {
      sandbox: null,
      note: `  Payment sandbox: ${config.paySandboxUrl} is taken; the demo uses what answers there`,
    };
  }
  config.paySandboxUrl = sandbox.url;
  config.egressAllow = [...config.egressAllow, normalizeAllowEntry(new URL(sandbox.url).host)!];
  return { sandbox, note: null };
}
