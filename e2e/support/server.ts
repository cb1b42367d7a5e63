// Builds the console and runs the API server from source for the browser tests and `npm run bench:web`.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN_PASSWORD = 'Admin12345';
export const DEMO_PASSWORD = 'Demo1234';

/** Runs a command to completion; rejects with its output when it fails. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

/**
 * Production build of the console into `outDir` (absolute). A directory of its own, so a build for the
 * tests never replaces the dist/web another process may be serving. NODE_ENV is forced: under vitest
 * it is `test`, which would give a development build of React and antd.
 */
export async function buildConsole(outDir: string): Promise<void> {
  await run(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { ...process.env, NODE_ENV: 'production' },
  );
}

export interface RunningServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  webDir: string;
  /** Server output goes here (a log file), so a failing test can be read against it. */
  logFile?: string;
  env?: NodeJS.ProcessEnv;
}

/**
 * Starts the server from source (tsx) on a free port with a fresh data directory and the demo data,
 * and resolves once /readyz answers 200.
 */
export async function startServer({ webDir, logFile, env }: StartOptions): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scenic-e2e-'));
  const log = logFile ? fs.createWriteStream(logFile) : null;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED: 'demo',
      ADMIN_PASSWORD,
      // the key of the secrets the demo seals (OTA channels, payment settings)
      APP_SECRET_KEY: 'e2e-secret-key-of-the-browser-tests-0123456789',
      WEB_DIR: webDir,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'false',
      // the browser tests expect the data they set up to stay as it is: only the payments' jobs (the
      // refund sender, every second, so a refund reaches the pay sandbox at once) and the SMS outbox's
      // worker (it only sends queued messages, through the demo's log platform)
      JOBS: 'payments,messaging',
      REFUND_SEND_INTERVAL_MS: '1000',
      // the demo's payment sandbox, in the server's process on a free port
      PAY_SANDBOX_URL: 'http://127.0.0.1:0',
      // the server keeps each area's clock whatever its own zone: run it in another zone than the
      // demo areas' (as the unit tests, vitest.config.ts)
      TZ: process.env.TEST_TZ || 'UTC',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start within 120 s:\n${output}`)),
      120_000,
    );
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      log?.write(text);
      const match = /running at http:\/\/[^:/]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it was ready:\n${output}`));
    });
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    log?.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForReady(baseUrl);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, port, dataDir, stop };
}

async function waitForReady(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${baseUrl}/readyz did not answer 200 within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
