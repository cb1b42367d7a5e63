// Debian's Chromium driven by playwright-core (used by the e2e tests and `npm run bench:web`).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { ROOT } from './server.ts';

export const ARTIFACTS = path.join(ROOT, 'e2e/artifacts');
export const WIDE = 1440;
export const NARROW = 800;

/** The Chromium of the Debian package; nothing downloads a browser here. */
export function chromiumPath(): string {
  const executable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(executable)) {
    throw new Error(
      `Chromium not found at ${executable}. The browser tests drive the Debian package: ` +
        'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium ' +
        '(or set CHROMIUM_PATH to another Chromium binary).',
    );
  }
  return executable;
}

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}
