// Once per e2e run: build the console, start the server on a free port with a fresh database, hand
// the URL (and one admin session) to the tests, and stop everything afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { apiLogin, type Tokens } from './support/api.ts';
import { ARTIFACTS, chromiumPath } from './support/chromium.ts';
import { buildConsole, startServer } from './support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** An admin session (API login) for tests that neither log out nor change the account. */
    adminTokens: Tokens;
    /** The console build the shared server serves: a test that needs a server of its own serves it too. */
    webDir: string;
  }
}

export default async function setup(project: TestProject) {
  chromiumPath(); // fail at once, saying how to install it
  fs.mkdirSync(ARTIFACTS, { recursive: true });

  // E2E_WEB_DIR reuses an existing build (quicker local runs); by default the console is built afresh.
  const reuse = process.env.E2E_WEB_DIR ? path.resolve(process.env.E2E_WEB_DIR) : null;
  const builtDir = reuse ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'scenic-e2e-web-'));
  const removeBuild = () => builtDir && fs.rmSync(builtDir, { recursive: true, force: true });
  const webDir = reuse ?? builtDir!;
  try {
    if (builtDir) await buildConsole(builtDir);
    const server = await startServer({ webDir, logFile: path.join(ARTIFACTS, 'server.log') });
    try {
      project.provide('baseUrl', server.baseUrl);
      project.provide('webDir', webDir);
      project.provide('adminTokens', await apiLogin(server.baseUrl, 'admin'));
    } catch (error) {
      await server.stop();
      throw error;
    }
    return async () => {
      await server.stop();
      removeBuild();
      // vite.config.ts writes the build's chunk list beside it
      if (builtDir) fs.rmSync(`${builtDir}.chunks.json`, { force: true });
    };
  } catch (error) {
    removeBuild();
    throw error;
  }
}
