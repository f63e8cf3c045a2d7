import { COOKIE_ACCESS_TOKEN, FRAME_SESSION_TOKEN_PATH, HEADER } from '@latch/protocol';
import { WALLET_EVENT } from '@latch/protocol/frame';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { route } from '../router.js';
import { cookieSessionRoutes, cookieTokenReader } from './cookieSessionRoutes.js';

const jwt = (exp: number) => `e30.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.sig`;

function server(answers: Array<{ status: number; token?: string }>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const answer = answers.shift() ?? { status: 500 };
    return new Response(JSON.stringify(answer.token ? { token: answer.token } : { error: 'invalid_origin' }), {
      status: answer.status,
    });
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

describe('cookie mode in the frame', () => {
  it("swaps the host's placeholder for the cookie's token, read on the frame's own origin and kept until 30 s before exp", async () => {
    let now = 1_000_000;
    const token = jwt(now / 1000 + 60);
    const api = server([
      { status: 200, token },
      { status: 200, token: jwt(now / 1000 + 3600) },
    ]);
    const read = cookieTokenReader({ apiUrl: 'https://auth.test', appId: 'app', fetch: api.fetch, now: () => now });
    const seen: unknown[] = [];
    const routes = cookieSessionRoutes(
      {
        [WALLET_EVENT.walletConnect]: route(v.object({ accessToken: v.string() }), async (d) => {
          seen.push(d.accessToken);
          return {};
        }),
      },
      read,
    );
    const connect = routes[WALLET_EVENT.walletConnect]!;
    await connect.handle({ accessToken: COOKIE_ACCESS_TOKEN });
    await connect.handle({ accessToken: COOKIE_ACCESS_TOKEN });
    // A real token from the host (local mode) passes untouched, with no call.
    await connect.handle({ accessToken: 'handed.by.host' });
    expect(seen).toEqual([token, token, 'handed.by.host']);
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.url).toBe(`https://auth.test${FRAME_SESSION_TOKEN_PATH}`);
    expect(api.calls[0]!.init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect((api.calls[0]!.init.headers as Record<string, string>)[HEADER.appId]).toBe('app');
    now += 31_000;
    await connect.handle({ accessToken: COOKIE_ACCESS_TOKEN });
    expect(api.calls).toHaveLength(2);
  });

  it('refuses with missing_or_invalid_token when the server hands no token', async () => {
    const api = server([{ status: 403 }]);
    const read = cookieTokenReader({ apiUrl: 'https://auth.test', appId: 'app', fetch: api.fetch });
    await expect(read()).rejects.toMatchObject({ code: 'missing_or_invalid_token' });
  });
});
