import { IDENTITY_API } from '@latch/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLatchClient } from '../client.js';
import { memoryStorage } from '../storage.js';
import { createFakeFetch } from '../testing/fakeFetch.js';
import { handOffOAuthPopup, type PopupPage } from './popupHandOff.js';
import { OAUTH_POPUP_NAME } from './popupName.js';

const ORIGIN = 'https://app.test';
const SUCCESS = { code: 'c0de', state: 's'.repeat(43), provider: 'github', error: null };

/** The popup's own window, with its opener at `openerOrigin` (a cross-origin opener's location throws). */
function popupPage(openerOrigin: string | null, name = OAUTH_POPUP_NAME) {
  const posted: Array<[unknown, string]> = [];
  let closed = false;
  const opener =
    openerOrigin === null
      ? null
      : {
          get location(): { origin: string } {
            if (openerOrigin !== ORIGIN) throw new DOMException('Blocked a frame', 'SecurityError');
            return { origin: openerOrigin };
          },
          postMessage: (message: unknown, target: string) => void posted.push([message, target]),
        };
  const page: PopupPage = {
    name,
    opener,
    location: { origin: ORIGIN },
    close: () => {
      closed = true;
    },
  };
  return { page, posted, closed: () => closed };
}

describe('the popup page hands the result to its opener (SPEC §3, §5)', () => {
  it('posts the code and state to a same-origin opener, for its origin only, and closes', () => {
    const p = popupPage(ORIGIN);
    expect(handOffOAuthPopup(SUCCESS, p.page)).toBe(true);
    expect(p.posted).toEqual([
      [{ type: 'latch:oauth:success', stateCode: SUCCESS.state, authorizationCode: 'c0de' }, ORIGIN],
    ]);
    expect(p.closed()).toBe(true);
  });

  it("posts the callback's error with its state", () => {
    const p = popupPage(ORIGIN);
    handOffOAuthPopup({ code: null, state: null, provider: 'github', error: 'oauth_user_denied' }, p.page);
    expect(p.posted[0]?.[0]).toEqual({ type: 'latch:oauth:error', stateCode: null, error: 'oauth_user_denied' });
  });

  it('refuses an opener of another origin, a window of another name, and a window with no opener', () => {
    for (const p of [popupPage('https://evil.test'), popupPage(ORIGIN, 'other'), popupPage(null)]) {
      expect(handOffOAuthPopup(SUCCESS, p.page)).toBe(false);
      expect(p.posted).toEqual([]);
      expect(p.closed()).toBe(false);
    }
  });
});

describe('the client in the popup', () => {
  afterEach(() => vi.unstubAllGlobals());

  // The window is named with OAUTH_POPUP_NAME, which client.ts writes out: this also checks they agree.
  it('hands off on init and does nothing else: no config load, no session', async () => {
    const p = popupPage(ORIGIN);
    vi.stubGlobal('window', p.page);
    const server = createFakeFetch(() => ({ status: 500 }));
    const client = createLatchClient({
      appId: 'c'.repeat(25),
      apiUrl: 'https://auth.test',
      storage: memoryStorage(),
      fetch: server.fetch,
      location: {
        href: () => `${ORIGIN}/?latch_oauth_code=c0de&latch_oauth_state=${SUCCESS.state}&latch_oauth_provider=github`,
        replace: () => undefined,
      },
    });
    await client.init();
    await vi.waitFor(() => expect(p.closed()).toBe(true));
    expect(p.posted).toHaveLength(1);
    expect(server.requests.map((r) => r.path)).not.toContain(IDENTITY_API.appConfig('c'.repeat(25)));
    expect(server.requests).toEqual([]);
    expect(client.takeOAuthReturn()).toBeNull();
  });
});
