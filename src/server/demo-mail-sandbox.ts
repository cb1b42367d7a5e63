import { startMailSandbox, type MailSandbox } from '../mail-sandbox/mail-sandbox.ts';
import type { Config } from './lib/config.ts';

/**
 * With the demo's sandboxes on (PAY_SANDBOX) and no SMTP_URL, the invoices' e-mail goes to a local
 * SMTP server in this process on a free port (src/mail-sandbox), which takes every message and keeps
 * it in memory: the demo sends real mail without reaching anyone. docs/invoices.md.
 */
export async function startDemoMailSandbox(config: Config): Promise<MailSandbox | null> {
  if (config.smtp.url || !config.paySandbox) return null;
  const sandbox = await startMailSandbox({ port: 0 });
  config.smtp = { ...config.smtp, url: sandbox.url };
  return sandbox;
}
