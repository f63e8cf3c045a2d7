// What a fresh-app spec (freshAppVite.spec.ts, freshAppNext.spec.ts) needs: a work directory outside the
// repository, the @latch scope's registry serving the run's one pack, a browser, and the seconds each step took
// (printed at the end). Each spec file has its own, so the apps are made side by side in separate workers.
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { ROOT } from './freshApp.js';
import { type LatchRegistry, serveLatchRegistry } from './freshAppRegistry.js';
import { packedTarballs } from './sharedPack.js';
import { launchBrowser } from './support.js';

/** The longest a cleanup step may take before the next one runs. */
const CLEANUP_STEP_MS = 60_000;

/** The shared parts, ready inside the tests and the apps' hooks. */
export interface FreshApps {
  /** A temporary directory outside the repository: nothing of the monorepo's node_modules is found from it. */
  work: string;
  /**
   * The registry serving the run's tarballs, once the shared pack is done: an app does what needs no tarball
   * (its template, its test app, its files) before it asks.
   */
  registry(): Promise<LatchRegistry>;
  browser: Browser;
  /** Runs `fn`, recording its seconds under `step`. */
  timed<T>(step: string, fn: () => Promise<T>): Promise<T>;
}

/** Registers the hooks that make the work directory and the browser; returns the shared parts (once its beforeAll ran). */
export function freshAppsFixture(label: string): () => FreshApps {
  let shared: FreshApps | undefined;
  let registry: Promise<LatchRegistry> | undefined;
  const seconds: Record<string, number> = {};
  const timed = async <T>(step: string, fn: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await fn();
    } finally {
      seconds[step] = Math.round((performance.now() - started) / 100) / 10;
    }
  };
  // The run's one build and pack of the current source (e2e/sharedPack.ts), the client packages of it.
  const serveRegistry = async () => {
    const names = ['@latch/protocol', '@latch/core', '@latch/react', '@latch/node'];
    const paths = await timed('wait for the shared pack', () => packedTarballs(inject('packDir'), names));
    return serveLatchRegistry(Object.fromEntries(names.map((name, i) => [name, paths[i] as string])));
  };
  beforeAll(async () => {
    const work = mkdtempSync(join(tmpdir(), `latch-fresh-${label}-`));
    expect(work.startsWith(ROOT)).toBe(false);
    // Asked once by the app's hook; kept so afterAll closes it.
    const latchRegistry = () => {
      registry ??= serveRegistry();
      return registry;
    };
    shared = { work, registry: latchRegistry, browser: await launchBrowser(), timed };
  }, 120_000);
  // Cleanup, not a check: a step that fails or hangs is reported and the next one still runs, so a temporary
  // directory that will not go away on a busy CI machine does not fail tests that passed (two CI runs failed this
  // file at file level with every test passed, and their logs did not say which step).
  const cleanup = async (step: string, fn: () => Promise<unknown>) => {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`still running after ${CLEANUP_STEP_MS} ms`)), CLEANUP_STEP_MS);
    });
    try {
      await timed(step, () => Promise.race([fn(), limit]));
    } catch (error) {
      console.warn(`[e2e] fresh apps (${label}): ${step} failed: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  };
  afterAll(async () => {
    await cleanup('close the browser', async () => shared?.browser.close());
    await cleanup('close the registry', async () => (await registry?.catch(() => undefined))?.close());
    // Not synchronous: the app's node_modules is tens of thousands of files, and a busy disk takes its time.
    // Retried: a process that just exited may still have files closing under it.
    const work = shared?.work;
    if (work)
      await cleanup('remove the work directory', () => rm(work, { recursive: true, force: true, maxRetries: 10 }));
    console.info(`[e2e] fresh apps seconds (${label}): ${JSON.stringify(seconds)}`);
  }, 4 * CLEANUP_STEP_MS);
  return () => {
    if (!shared) throw new Error('The fresh apps fixture is not ready (used outside a test?)');
    return shared;
  };
}
