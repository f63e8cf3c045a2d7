// What the fresh apps of freshApp.spec.ts share: one build and pack of the packages, the @latch scope's registry
// serving the tarballs, one browser, and the seconds each step took (printed at the end).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { ROOT } from './freshApp.js';
import { type LatchRegistry, serveLatchRegistry } from './freshAppRegistry.js';
import { packedTarballs } from './sharedPack.js';
import { launchBrowser } from './support.js';

/** The shared parts, ready inside the tests and the apps' hooks. */
export interface FreshApps {
  /** A temporary directory outside the repository: nothing of the monorepo's node_modules is found from it. */
  work: string;
  registry: LatchRegistry;
  browser: Browser;
  /** Runs `fn`, recording its seconds under `step`. */
  timed<T>(step: string, fn: () => Promise<T>): Promise<T>;
}

/** Registers the hooks that take the run's pack and serve the registry; returns the shared parts (once its beforeAll ran). */
export function freshAppsFixture(): () => FreshApps {
  let shared: FreshApps | undefined;
  const seconds: Record<string, number> = {};
  const timed = async <T>(step: string, fn: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await fn();
    } finally {
      seconds[step] = Math.round((performance.now() - started) / 100) / 10;
    }
  };
  beforeAll(async () => {
    const work = mkdtempSync(join(tmpdir(), 'latch-fresh-apps-'));
    expect(work.startsWith(ROOT)).toBe(false);
    // The run's one build and pack of the current source (e2e/sharedPack.ts), the client packages of it.
    const names = ['@latch/protocol', '@latch/core', '@latch/react', '@latch/node'];
    const paths = await timed('build + pack (shared)', () => packedTarballs(inject('packDir'), names));
    const tarballs = Object.fromEntries(names.map((name, i) => [name, paths[i] as string]));
    shared = { work, registry: await serveLatchRegistry(tarballs), browser: await launchBrowser(), timed };
  }, 300_000);
  afterAll(async () => {
    console.info(`[e2e] fresh apps seconds: ${JSON.stringify(seconds)}`);
    await shared?.browser.close();
    await shared?.registry.close();
    if (shared) rmSync(shared.work, { recursive: true, force: true });
  });
  return () => {
    if (!shared) throw new Error('The fresh apps fixture is not ready (used outside a test?)');
    return shared;
  };
}
