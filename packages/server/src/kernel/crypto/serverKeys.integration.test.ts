import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createLatchServer } from '../../index.js';
import { testSettings } from '../../test/harness.js';
import { lockPath } from '../store/dataDirLock.js';

const dataDir = mkdtempSync(join(tmpdir(), 'latch-keys-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('a server outside dev mode does not start without LATCH_RECOVERY_KEY, and leaves its data directory unlocked', async () => {
  const settings = testSettings({ dev: false, recoveryKey: undefined, inMemoryDb: false, dataDir });
  await expect(createLatchServer(settings)).rejects.toThrow(/LATCH_RECOVERY_KEY is required outside dev mode/);
  // The failed start released the lock: the next (good) start takes it.
  const server = await createLatchServer({ ...settings, recoveryKey: testSettings().recoveryKey });
  await server.close();
}, 120_000);

it('a server does not start with the master key as its recovery key', async () => {
  const settings = testSettings({ dev: false, inMemoryDb: false, dataDir });
  await expect(createLatchServer({ ...settings, recoveryKey: settings.masterKey })).rejects.toThrow(
    /LATCH_RECOVERY_KEY must be a different key from LATCH_MASTER_KEY/,
  );
  expect(existsSync(lockPath(dataDir))).toBe(false);
}, 120_000);
