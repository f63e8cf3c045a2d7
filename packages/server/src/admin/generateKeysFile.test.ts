import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { generateKeysFile } from './generateKeysFile.js';

const dir = mkdtempSync(join(tmpdir(), 'latch-keys-generate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The KEY=value lines of an env file, as `set -a; . file` or `docker --env-file` read them. */
const variables = (text: string) =>
  Object.fromEntries(
    text
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

it('writes two distinct fresh 32-byte keys, readable by the owner only', () => {
  const path = join(dir, 'latch.env');
  expect(generateKeysFile(path)).toEqual({ keys_file: path, created: true });
  expect(statSync(path).mode & 0o777).toBe(0o600);
  const keys = variables(readFileSync(path, 'utf8'));
  expect(Object.keys(keys)).toEqual(['LATCH_MASTER_KEY', 'LATCH_RECOVERY_KEY']);
  for (const key of Object.values(keys)) expect(Buffer.from(key, 'base64')).toHaveLength(32);
  expect(keys.LATCH_MASTER_KEY).not.toBe(keys.LATCH_RECOVERY_KEY);
  const other = join(dir, 'other.env');
  generateKeysFile(other);
  expect(variables(readFileSync(other, 'utf8')).LATCH_MASTER_KEY).not.toBe(keys.LATCH_MASTER_KEY);
});

it('keeps an existing file as it is: a second run never replaces the keys a database was sealed with', () => {
  const path = join(dir, 'kept.env');
  writeFileSync(path, 'LATCH_MASTER_KEY=old\n', { mode: 0o600 });
  expect(generateKeysFile(path)).toEqual({ keys_file: path, created: false });
  expect(readFileSync(path, 'utf8')).toBe('LATCH_MASTER_KEY=old\n');
});
