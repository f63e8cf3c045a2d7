import { readFileSync } from 'node:fs';

/** Telegram's login host, where the script's popup goes unless LATCH_TELEGRAM_OAUTH_URL says otherwise. */
export const DEFAULT_TELEGRAM_OAUTH_URL = 'https://oauth.telegram.org';

/** The placeholder in telegram-login.js that the server writes its Telegram URL over. */
const PLACEHOLDER = "'__LATCH_TELEGRAM_OAUTH_URL__'";

// Read once: the file does not change while the server runs.
const SOURCE = readFileSync(new URL('./telegram-login.js', import.meta.url), 'utf8');
if (SOURCE.split(PLACEHOLDER).length !== 2) throw new Error('telegram-login.js must hold its URL placeholder once');

const built = new Map<string, string>();

/**
 * The script served at TELEGRAM_API.script (telegram-login.js) with `telegramOAuthUrl` baked in: its popup
 * opens `<url>/auth`, and only messages from that URL's origin are believed. Built once per URL.
 */
export function telegramLoginScript(telegramOAuthUrl: string): string {
  let script = built.get(telegramOAuthUrl);
  if (script === undefined) {
    // JSON.stringify makes a JS string literal of the URL (a config value, already checked to be a URL).
    script = SOURCE.replace(PLACEHOLDER, () => JSON.stringify(telegramOAuthUrl));
    built.set(telegramOAuthUrl, script);
  }
  return script;
}

/** The script's response headers: cacheable by anyone for a short while (a new Telegram URL spreads within minutes). */
export const TELEGRAM_SCRIPT_HEADERS = {
  'content-type': 'text/javascript; charset=utf-8',
  'cache-control': 'public, max-age=300',
  'x-content-type-options': 'nosniff',
  // Host pages load it cross-origin, some of them under Cross-Origin-Embedder-Policy.
  'cross-origin-resource-policy': 'cross-origin',
} as const;
