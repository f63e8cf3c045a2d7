import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSealer, loadMasterKey, loadPreviousMasterKeys, masterKeyId } from './masterKey.js';

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

// Sealed by the code before key ids (commit 087becd) under the master key Buffer.alloc(32, 7).
const LEGACY = JSON.parse(readFileSync(new URL('./legacySealed.fixture.json', import.meta.url), 'utf8')) as {
  signing: string;
};
const LEGACY_AAD = 'latch:app-signing-key:app:kid';

describe('sealer key ids and rotation', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);

  it('names the master key in every sealed value', () => {
    const sealed = createSealer(oldKey).seal('payload', 'a');
    expect(sealed.split('.').slice(0, 2)).toEqual(['v2', masterKeyId(oldKey)]);
    expect(createSealer(oldKey).isCurrent(sealed)).toBe(true);
    expect(createSealer(newKey, [oldKey]).isCurrent(sealed)).toBe(false);
  });

  it('opens values of an earlier key kept in previous, and seals new ones under the current key', () => {
    const sealed = createSealer(oldKey).seal('payload', 'a');
    const rotated = createSealer(newKey, [oldKey]);
    expect(rotated.open(sealed, 'a')).toBe('payload');
    const resealed = rotated.seal(rotated.open(sealed, 'a'), 'a');
    expect(resealed.split('.')[1]).toBe(masterKeyId(newKey));
    expect(createSealer(newKey).open(resealed, 'a')).toBe('payload');
    expect(() => createSealer(newKey).open(sealed, 'a')).toThrow(/unknown master key.*LATCH_MASTER_KEY_PREVIOUS/);
  });

  it('opens values sealed before key ids existed (v1), under the current or an earlier key', () => {
    const legacyKey = Buffer.alloc(32, 7);
    expect(createSealer(legacyKey).open(LEGACY.signing, LEGACY_AAD)).toBe('{"d":"legacy-signing-key"}');
    expect(createSealer(newKey, [legacyKey]).open(LEGACY.signing, LEGACY_AAD)).toBe('{"d":"legacy-signing-key"}');
    expect(createSealer(newKey, [legacyKey]).isCurrent(LEGACY.signing)).toBe(false);
    expect(() => createSealer(newKey).open(LEGACY.signing, LEGACY_AAD)).toThrow();
    expect(() => createSealer(legacyKey).open(LEGACY.signing, 'other aad')).toThrow();
  });

  it('reads LATCH_MASTER_KEY_PREVIOUS as a comma-separated list and names a bad entry', () => {
    const list = `${oldKey.toString('base64')}, ${newKey.toString('base64')}`;
    expect(loadPreviousMasterKeys({ masterKeyPrevious: list })).toEqual([oldKey, newKey]);
    expect(loadPreviousMasterKeys({})).toEqual([]);
    expect(() => loadPreviousMasterKeys({ masterKeyPrevious: `${oldKey.toString('base64')},c2hvcnQ=` })).toThrow(
      /LATCH_MASTER_KEY_PREVIOUS \(entry 2\) must be 32 bytes/,
    );
  });
});
