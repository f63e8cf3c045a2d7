import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRecoveryKeys } from './recoveryKey.js';

const master = randomBytes(32);

describe('loadRecoveryKeys', () => {
  it('requires LATCH_RECOVERY_KEY outside dev mode', () => {
    expect(() => loadRecoveryKeys({ dev: false, dataDir: '/nonexistent' }, master)).toThrow(
      /LATCH_RECOVERY_KEY is required outside dev mode/,
    );
  });

  it('refuses the master key as the recovery key, and keys that are not 32 bytes', () => {
    expect(() =>
      loadRecoveryKeys({ dev: false, dataDir: '/x', recoveryKey: master.toString('base64') }, master),
    ).toThrow(/different key from LATCH_MASTER_KEY/);
    expect(() => loadRecoveryKeys({ dev: false, dataDir: '/x', recoveryKey: 'c2hvcnQ=' }, master)).toThrow(
      /LATCH_RECOVERY_KEY must be 32 bytes/,
    );
  });

  it('reads the key and its previous ones from the settings', () => {
    const [current, a, b] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const keys = loadRecoveryKeys(
      {
        dev: false,
        dataDir: '/x',
        recoveryKey: current.toString('base64'),
        recoveryKeyPrevious: `${a.toString('base64')},${b.toString('base64')}`,
      },
      master,
    );
    expect(keys).toEqual({ current, previous: [a, b] });
  });

  it('generates <dataDir>/recovery.key (0600) in dev mode once and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'latch-rkey-'));
    try {
      const first = loadRecoveryKeys({ dev: true, dataDir: dir }, master).current;
      const file = join(dir, 'recovery.key');
      expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('base64'));
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(loadRecoveryKeys({ dev: true, dataDir: dir }, master).current.equals(first)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('uses a random key for a dev in-memory database, writing nothing', () => {
    const settings = { dev: true, dataDir: '/nonexistent-latch-rkey', inMemoryDb: true };
    const one = loadRecoveryKeys(settings, master).current;
    expect(one).toHaveLength(32);
    expect(loadRecoveryKeys(settings, master).current.equals(one)).toBe(false);
  });
});
