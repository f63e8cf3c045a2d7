import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { environmentOf, loadSettings } from './config.js';
import { ConfigError } from './configError.js';
import { SECRET_VARIABLES, withSecretFiles } from './secretFiles.js';

const dir = mkdtempSync(join(tmpdir(), 'latch-secret-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A secret file as Docker or `echo` makes it: the value and a trailing newline. */
function secretFile(name: string, value: string): string {
  const path = join(dir, name);
  writeFileSync(path, `${value}\n`, { mode: 0o600 });
  return path;
}

const key = Buffer.alloc(32, 7).toString('base64');

describe('withSecretFiles', () => {
  it('reads every <NAME>_FILE into <NAME>, trimmed, and drops the _FILE variable', () => {
    const env: NodeJS.ProcessEnv = { LATCH_PORT: '9000' };
    for (const name of SECRET_VARIABLES) env[`${name}_FILE`] = secretFile(name, `value-of-${name}`);
    const out = withSecretFiles(env);
    for (const name of SECRET_VARIABLES) {
      expect(out[name]).toBe(`value-of-${name}`);
      expect(out[`${name}_FILE`]).toBeUndefined();
    }
    expect(out.LATCH_PORT).toBe('9000');
    // The caller's environment is left as it was.
    expect(env.LATCH_MASTER_KEY).toBeUndefined();
  });

  it('feeds the settings: keys, database, Redis, SMTP and Twilio from files', () => {
    const settings = loadSettings({
      LATCH_MASTER_KEY_FILE: secretFile('master', key),
      LATCH_RECOVERY_KEY_FILE: secretFile('recovery', key),
      DATABASE_URL_FILE: secretFile('db', 'postgres://latch:pw@db:5432/latch'),
      REDIS_URL_FILE: secretFile('redis', 'redis://:pw@redis:6379'),
      SMTP_URL_FILE: secretFile('smtp', 'smtps://u:p@smtp.example.com:465'),
      TWILIO_AUTH_TOKEN_FILE: secretFile('twilio', 'tok'),
    });
    expect(settings).toMatchObject({
      masterKey: key,
      recoveryKey: key,
      databaseUrl: 'postgres://latch:pw@db:5432/latch',
      redisUrl: 'redis://:pw@redis:6379',
      smtpUrl: 'smtps://u:p@smtp.example.com:465',
      twilioAuthToken: 'tok',
    });
    expect(environmentOf({ SMTP_URL_FILE: secretFile('smtp2', 'smtp://x') }).SMTP_URL).toBe('smtp://x');
  });

  it('refuses <NAME> and <NAME>_FILE together, naming both and never the value', () => {
    const both = { SMTP_URL: 'smtp://secret-in-env', SMTP_URL_FILE: secretFile('smtp3', 'smtp://secret-in-file') };
    expect(() => withSecretFiles(both)).toThrow(ConfigError);
    expect(() => loadSettings(both)).toThrow('Set SMTP_URL or SMTP_URL_FILE, not both.');
  });

  it('refuses a file it cannot read, naming the path and why, and ignores an empty _FILE', () => {
    const missing = join(dir, 'nope');
    expect(() => withSecretFiles({ LATCH_MASTER_KEY_FILE: missing })).toThrow(
      `LATCH_MASTER_KEY_FILE names ${missing}, which cannot be read (ENOENT).`,
    );
    expect(() => withSecretFiles({ REDIS_URL_FILE: dir })).toThrow(/cannot be read \(EISDIR\)/);
    expect(withSecretFiles({ REDIS_URL_FILE: ' ', REDIS_URL: 'redis://r' }).REDIS_URL).toBe('redis://r');
  });
});
