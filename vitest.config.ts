import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { cssAsText } from './scripts/cssAsText.mjs';
import { MODULE_MOCKING_FILES } from './scripts/moduleMockingFiles.mjs';
import { LongestFirstSequencer } from './scripts/testSequencer.js';

// The @latch/* packages resolve to their TypeScript source in the monorepo (scripts/tsdown.base.ts).
const SOURCE = '@latch/source';

const UNIT_FILES = ['packages/*/src/**/*.test.{ts,tsx}', 'apps/*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'];

// Four projects: unit (pure, fast; unit-isolated for the files that mock modules), integration (real server +
// PGlite, and PostgreSQL/Redis when DATABASE_URL/REDIS_URL are set) and e2e (real stack in Debian Chromium).
export default defineConfig({
  // The widget imports its stylesheets as text, as the bundlers do (scripts/cssAsText.mjs).
  plugins: [cssAsText()],
  resolve: { conditions: [SOURCE, ...defaultClientConditions] },
  // Node code (the integration tests): not Vite's 'module' condition, which handed @walletconnect/core a
  // dependency build it cannot construct ("Le is not a constructor"); Node itself never applies it.
  ssr: { resolve: { conditions: [SOURCE, 'node', 'development|production'] } },
  // Vitest's own runner (globalSetup: it migrates with the modules' migrations, which import @latch/*).
  environments: { __vitest__: { resolve: { conditions: [SOURCE, 'node', 'development|production'] } } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT_FILES,
          exclude: ['**/*.integration.test.ts', '**/node_modules/**', ...MODULE_MOCKING_FILES],
          environment: 'node',
          // One module graph for every file (import was two thirds of this project's time): unit files share no
          // state but what they restore themselves (stubbed globals are unstubbed in their afterEach).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The files that replace a module with vi.mock get a fresh module graph each, so no mock leaks.
          name: 'unit-isolated',
          include: MODULE_MOCKING_FILES,
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          // PROF_DIR=<dir>: a CPU profile of each file (scripts/profileSetup.ts), to see where the suite's time goes.
          setupFiles: process.env.PROF_DIR ? ['scripts/profileSetup.ts'] : [],
          // e2e/*.integration.test.ts: the e2e helpers' own checks that need no browser (the key material scanner's).
          include: [
            'packages/*/src/**/*.integration.test.ts',
            'apps/*/src/**/*.integration.test.ts',
            'e2e/**/*.integration.test.ts',
          ],
          // One worker keeps its loaded modules from file to file instead of a fresh process importing
          // the server again per file (that import was about half of this project's time). The files
          // share no module state: each builds its own servers and databases and mocks nothing.
          isolate: false,
          // Two workers (vitest's default is one fewer than the cores: one, on a 2-core CI machine): the suites
          // wait on PostgreSQL, Redis and child processes. Each makes its own databases, Redis key prefix and
          // ports, so they share nothing; INTEGRATION_WORKERS overrides.
          maxWorkers: Number(process.env.INTEGRATION_WORKERS ?? 2),
          // Projects with their own worker counts run as their own groups (vitest refuses one run otherwise):
          // `vitest run a.test.ts b.integration.test.ts` runs the unit files, then the integration files.
          sequence: { groupOrder: 1 },
          // With DATABASE_URL: one migrated PostgreSQL database that each suite's database copies.
          globalSetup: ['packages/server/src/test/integrationGlobalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          setupFiles: process.env.PROF_DIR ? ['scripts/profileSetup.ts'] : [],
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['e2e/globalSetup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // The files share one stack (server, demo, chain, dev IdP) but no state in it: each makes its own
          // apps, users and chain accounts, so they run side by side (most of their time is waiting).
          fileParallelism: true,
          maxWorkers: Number(process.env.E2E_WORKERS ?? 3),
          sequence: { groupOrder: 2 },
        },
      },
    ],
    // The packaging checks (the longest e2e files) start first, even on a fresh clone with no cached durations.
    sequence: { sequencer: LongestFirstSequencer },
  },
});
