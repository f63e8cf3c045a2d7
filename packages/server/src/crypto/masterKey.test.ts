import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSealer, loadMasterKey } from './masterKey.js';

describe('sealer', () => {
  const sealer = createSealer(randomBytes(32));

  it('opens what it sealed with the same associated data', () => {
    const sealed = sealer.seal('{"d":"secret"}', 'app:1');
    expect(sealed).not.toContain('secret');
    expect(sealer.open(sealed, 'app:1')).toBe('{"d":"secret"}');
  });

  it('refuses other associated data, another key and tampered data', () => {
    const sealed = sealer.seal('payload', 'app:1');
    expect(() => sealer.open(sealed, 'app:2')).toThrow();
    expect(() => createSealer(randomBytes(32)).open(sealed, 'app:1')).toThrow();
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3]!, 'base64url');
    data[0] = data[0]! ^ 1;
    parts[3] = data.toString('base64url');
    expect(() => sealer.open(parts.join('.'), 'app:1')).toThrow();
  });

  it('uses a fresh IV each time', () => {
    expect(sealer.seal('same', 'a')).not.toBe(sealer.seal('same', 'a'));
  });
});

describe('loadMasterKey', () => {
  it('requires LATCH_MASTER_KEY outside dev mode', () => {
    expect(() => loadMasterKey({ dev: false, dataDir: '/nonexistent' })).toThrow(/LATCH_MASTER_KEY is required/);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => loadMasterKey({ dev: false, dataDir: '/x', masterKey: Buffer.alloc(16).toString('base64') })).toThrow(
      /32 bytes/,
    );
  });

  it('generates a key file in dev mode once and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'latch-key-'));
    try {
      const first = loadMasterKey({ dev: true, dataDir: dir });
      expect(first).toHaveLength(32);
      expect(readFileSync(join(dir, 'master.key'), 'utf8').trim()).toBe(first.toString('base64'));
      expect(loadMasterKey({ dev: true, dataDir: dir }).equals(first)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
