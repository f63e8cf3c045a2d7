import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TELEGRAM_OAUTH_URL, telegramLoginScript } from './telegramLoginScript.js';

// The served bytes run in a bare V8 context whose window, document and timers are plain objects this test
// drives (jsdom is not installed): which popup opens, which messages are believed, when it calls back.
// e2e/telegram-login (Chromium, real popup) covers the browser itself.

const TELEGRAM = 'https://oauth.telegram.test';
const HOST = 'https://host.example';

interface FakePopup {
  closed: boolean;
}

function browser(attributes: Record<string, string> = {}, options: { blockPopups?: boolean } = {}) {
  const listeners = new Set<(event: unknown) => void>();
  const timers = new Map<number, () => void>();
  let nextTimer = 1;
  const opened: Array<{ url: string; name: string; features: string; popup: FakePopup }> = [];
  const window = {
    location: { origin: HOST },
    screen: { width: 1440, height: 900 },
    open(url: string, name: string, features: string) {
      if (options.blockPopups) return null;
      const popup = { closed: false };
      opened.push({ url, name, features, popup });
      return popup;
    },
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      type === 'message' && listeners.add(listener),
    removeEventListener: (type: string, listener: (event: unknown) => void) =>
      type === 'message' && listeners.delete(listener),
    setTimeout(fn: () => void) {
      timers.set(nextTimer, fn);
      return nextTimer++;
    },
    clearTimeout: (id: number) => timers.delete(id),
    LatchTelegramLogin: undefined as
      | undefined
      | { auth(options: object, callback: (result: unknown) => void): void; defaults: Record<string, unknown> },
  };
  const document = { currentScript: { getAttribute: (name: string) => attributes[name] ?? null } };
  runInNewContext(telegramLoginScript(TELEGRAM), { window, document, URL });
  return {
    api: window.LatchTelegramLogin!,
    opened,
    listeners,
    /** Delivers a message event to the page. */
    post(data: unknown, source: unknown, origin = TELEGRAM) {
      for (const listener of [...listeners]) listener({ data, source, origin });
    },
    /** Runs the timers due now (each may schedule the next). */
    tick() {
      const due = [...timers.entries()];
      timers.clear();
      for (const [, fn] of due) fn();
    },
  };
}

const result = { id: 42, first_name: 'Ada', username: 'ada', auth_date: 1_700_000_000, hash: 'a'.repeat(64) };
const authResult = (value: unknown) => JSON.stringify({ event: 'auth_result', result: value });

describe('/js/telegram-login.js', () => {
  it('bakes the Telegram URL in (Telegram’s by default) and defines window.LatchTelegramLogin', () => {
    expect(telegramLoginScript(DEFAULT_TELEGRAM_OAUTH_URL)).toContain('"https://oauth.telegram.org"');
    expect(telegramLoginScript(DEFAULT_TELEGRAM_OAUTH_URL)).not.toContain('__LATCH_TELEGRAM_OAUTH_URL__');
    const { api } = browser();
    expect(typeof api.auth).toBe('function');
  });

  it('opens a 550×470 popup on <telegram>/auth for the bot, telling it the page’s origin; the tag’s attributes are defaults', () => {
    const { api, opened } = browser({
      'data-telegram-login': 'AcmeBot',
      'data-request-access': 'write',
      'data-lang': 'en',
    });
    expect(api.defaults).toEqual({ bot_name: 'AcmeBot', request_access: 'write', lang: 'en' });
    api.auth({ bot_id: '123456' }, () => {});
    expect(opened).toHaveLength(1);
    expect(opened[0]!.url).toBe(
      `${TELEGRAM}/auth?bot_id=123456&origin=${encodeURIComponent(HOST)}&request_access=write&lang=en`,
    );
    expect(opened[0]!.features).toContain('width=550,height=470');
    // Options given to auth() win over the tag's.
    const other = browser({ 'data-lang': 'de' });
    other.api.auth({ bot_id: '9', lang: 'fr' }, () => {});
    expect(other.opened[0]!.url).toBe(`${TELEGRAM}/auth?bot_id=9&origin=${encodeURIComponent(HOST)}&lang=fr`);
  });

  it('calls back with the result the popup posts, once, and stops listening', () => {
    const page = browser();
    const calls: unknown[] = [];
    page.api.auth({ bot_id: '1' }, (value) => calls.push(value));
    const popup = page.opened[0]!.popup;
    page.post(authResult(result), popup);
    page.post(authResult({ ...result, id: 666 }), popup);
    expect(calls).toEqual([result]);
    expect(page.listeners.size).toBe(0);
  });

  it('ignores messages from another window or another origin, and messages that are not a result', () => {
    const page = browser();
    const calls: unknown[] = [];
    page.api.auth({ bot_id: '1' }, (value) => calls.push(value));
    const popup = page.opened[0]!.popup;
    const forged = authResult({ ...result, id: 666 });
    // Script on the host page (or a frame in it) posting a result of its own.
    page.post(forged, { closed: false });
    // The popup navigated to another site, which posts.
    page.post(forged, popup, 'https://evil.example');
    page.post(forged, popup, 'http://oauth.telegram.test');
    // Noise from the popup itself.
    page.post({ event: 'auth_result', result }, popup);
    page.post('not json', popup);
    page.post(JSON.stringify({ event: 'resize', height: 300 }), popup);
    expect(calls).toEqual([]);
    page.post(authResult(result), popup);
    expect(calls).toEqual([result]);
  });

  it('calls back false on the popup’s refusal, on a result without the signed fields, and when it closes without one', () => {
    const refused = browser();
    const calls: unknown[] = [];
    refused.api.auth({ bot_id: '1' }, (value) => calls.push(value));
    refused.post(authResult(false), refused.opened[0]!.popup);
    expect(calls).toEqual([false]);

    const incomplete = browser();
    incomplete.api.auth({ bot_id: '1' }, (value) => calls.push(value));
    incomplete.post(authResult({ id: '42' }), incomplete.opened[0]!.popup);
    expect(calls).toEqual([false, false]);

    const closed = browser();
    closed.api.auth({ bot_id: '1' }, (value) => calls.push(value));
    closed.tick();
    expect(calls).toHaveLength(2);
    closed.opened[0]!.popup.closed = true;
    closed.tick(); // notices the close, waits for a late message
    expect(calls).toHaveLength(2);
    closed.tick();
    expect(calls).toEqual([false, false, false]);
  });

  it('still takes a result posted just before the popup closed', () => {
    const page = browser();
    const calls: unknown[] = [];
    page.api.auth({ bot_id: '1' }, (value) => calls.push(value));
    const popup = page.opened[0]!.popup;
    popup.closed = true;
    page.tick();
    page.post(authResult(result), popup);
    page.tick();
    expect(calls).toEqual([result]);
  });

  it('calls back false when the popup is blocked, and a new login ends the previous one', () => {
    const blocked = browser({}, { blockPopups: true });
    const calls: unknown[] = [];
    blocked.api.auth({ bot_id: '1' }, (value) => calls.push(value));
    blocked.tick();
    expect(calls).toEqual([false]);

    const page = browser();
    const first: unknown[] = [];
    const second: unknown[] = [];
    page.api.auth({ bot_id: '1' }, (value) => first.push(value));
    page.api.auth({ bot_id: '1' }, (value) => second.push(value));
    expect(first).toEqual([false]);
    page.post(authResult(result), page.opened[0]!.popup);
    expect(second).toEqual([]);
    page.post(authResult(result), page.opened[1]!.popup);
    expect(second).toEqual([result]);
  });
});
