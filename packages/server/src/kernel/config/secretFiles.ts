import { readFileSync } from 'node:fs';
import { ConfigError } from './configError.js';

/**
 * The variables that may hold a secret, so each may instead name a file with `<NAME>_FILE` (Docker and Compose
 * secrets, Kubernetes volumes). URLs are here because they carry passwords or API keys.
 */
export const SECRET_VARIABLES = [
  'LATCH_MASTER_KEY',
  'LATCH_MASTER_KEY_PREVIOUS',
  'LATCH_RECOVERY_KEY',
  'LATCH_RECOVERY_KEY_PREVIOUS',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'TWILIO_AUTH_TOKEN',
  'LATCH_PRICE_SOURCE_URL',
  'LATCH_RPC_URLS',
  'LATCH_TELEGRAM_BOT_TOKEN',
  'LATCH_OAUTH_CLIENT_SECRET',
  'LATCH_OAUTH_PRIVATE_KEY',
] as const;

const isSet = (value: string | undefined) => value !== undefined && value.trim() !== '';

/**
 * `env` with each `<NAME>_FILE` read into `<NAME>` (content trimmed: files made with `echo` end in a newline),
 * so `docker compose exec latch latch-server …` sees what the server sees. Throws ConfigError when both
 * `<NAME>` and `<NAME>_FILE` are set (which one wins would be a guess) or the file cannot be read; the
 * message names the variable and the path, never the content.
 */
export function withSecretFiles(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env };
  for (const name of SECRET_VARIABLES) {
    const path = env[`${name}_FILE`];
    if (!isSet(path)) continue;
    if (isSet(env[name])) throw new ConfigError(`Set ${name} or ${name}_FILE, not both.`);
    try {
      out[name] = readFileSync((path as string).trim(), 'utf8').trim();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      throw new ConfigError(`${name}_FILE names ${path}, which cannot be read (${code}).`);
    }
    delete out[`${name}_FILE`];
  }
  return out;
}
