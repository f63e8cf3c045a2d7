import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, writeSync } from 'node:fs';

/** Where `latch-server keys generate` writes unless `--out` says otherwise. */
export const DEFAULT_KEYS_FILE = 'latch.env';

/** What `generateKeysFile` did: wrote a new file, or kept the one there. */
interface KeysFileResult {
  keys_file: string;
  created: boolean;
}

/** A fresh base64 32-byte key, as LATCH_MASTER_KEY and LATCH_RECOVERY_KEY take. */
const freshKey = () => randomBytes(32).toString('base64');

/**
 * Writes LATCH_MASTER_KEY and LATCH_RECOVERY_KEY, two distinct fresh keys, to `path` as an env file (`KEY=value`
 * lines: sourced by a shell with `set -a`, read by `docker --env-file` and systemd's EnvironmentFile), created
 * with mode 0600 and never over an existing file: a second run keeps the keys the database was sealed with.
 */
export function generateKeysFile(path: string, now = new Date()): KeysFileResult {
  if (existsSync(path)) return { keys_file: path, created: false };
  const content = [
    `# Latch server keys, made by \`latch-server keys generate\` on ${now.toISOString()}.`,
    '# Back this file up with the database: without these keys its wallets and signing keys cannot be opened.',
    '# Keep it private (mode 0600) and out of version control. Rotation: docs/server.md, "Keys, backups and rotation".',
    `LATCH_MASTER_KEY=${freshKey()}`,
    `LATCH_RECOVERY_KEY=${freshKey()}`,
    '',
  ].join('\n');
  // 'wx': created here or not at all (a file that appeared meanwhile is never overwritten); 0600 before any byte.
  const fd = openSync(path, 'wx', 0o600);
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return { keys_file: path, created: true };
}
