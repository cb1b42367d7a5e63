import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects: the unit, component and server tests, then the browser tests (e2e/, one file at a
// time against one server, after the others so they do not compete for the CPU).
// The server keeps each area's clock whatever the zone of its process (docs/decisions.md "One clock
// per area"), so the tests run in a zone of their own, not the machine's: UTC, or TEST_TZ
// (`npm run test:pg` runs in America/Los_Angeles, so CI sees two zones).
const TEST_TZ = process.env.TEST_TZ || 'UTC';

export default defineConfig({
  test: {
    // React's scheduler runs a root's last render in a setImmediate; when it comes after a jsdom
    // file's environment is gone (an antd toast closing on its timer after the file's last test) it
    // throws "window is not defined" with no test left to fail. Only that error is ignored: it comes
    // from react-dom's scheduler with `window` missing, never from the code under test.
    onUnhandledError: (error) =>
      !(
        error.name === 'ReferenceError' &&
        error.message === 'window is not defined' &&
        String(error.stack).includes('performWorkUntilDeadline')
      ),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // every file has its own database, so files run side by side: one per core (vitest's
          // default leaves one core idle, which on CI's two cores means one file at a time)
          maxWorkers: Math.max(1, availableParallelism()),
          env: { TZ: TEST_TZ },
          // the seeded database the server test files copy (src/server/test/template.ts)
          globalSetup: ['src/server/test/template-setup.ts'],
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 300_000,
          pool: 'forks',
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          // a poll waits on a screen redrawn after a server call: vitest's 1 s default is too short
          // for a busy 2-core CI machine (the locators' own timeout is 15 s, e2e/support/browser.ts)
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
