import { createLatch, createLatchClient } from '@latch/core';
import { createFakeClock, createFakeFetch, makeAccessToken, serverAppConfig } from '@latch/core/testing';
import {
  IDENTITY_API,
  IDENTITY_TOKEN,
  PASSWORDLESS_API,
  TIMEOUT,
  type TokenResponse,
  type WireUser,
} from '@latch/protocol';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { LatchContext } from '../LatchContext.js';
import { en } from '../strings/en.js';
import { useIdentityToken } from './useIdentityToken.js';
import { watchIdentityToken } from './watchIdentityToken.js';

const APP_ID = 'a'.repeat(25);
const user: WireUser = {
  id: 'did:latch:user',
  created_at: 1_700_000_000,
  linked_accounts: [],
  mfa_methods: [],
  has_accepted_terms: false,
};

const phone = {
  type: 'phone',
  phone_number: '+14155550100',
  verified_at: 1_700_000_000,
  first_verified_at: null,
  latest_verified_at: null,
} as const;

/** A client over a fake server whose every session grant carries a new identity token (`identity-N`). */
async function setup() {
  const clock = createFakeClock();
  let grants = 0;
  const grant = (): TokenResponse => {
    grants++;
    const exp = (seconds: number) => Math.floor(clock.now() / 1000) + seconds;
    return {
      user,
      token: makeAccessToken({ aud: APP_ID, expSeconds: exp(3600) }),
      refresh_token: `refresh-${grants}`,
      identity_token: makeAccessToken({
        aud: APP_ID,
        expSeconds: exp(IDENTITY_TOKEN.ttlSeconds),
        sub: `identity-${grants}`,
      }),
      session_update_action: 'set',
    };
  };
  const { fetch } = createFakeFetch((request) => {
    if (request.path.startsWith(IDENTITY_API.appConfig(APP_ID)))
      return { body: serverAppConfig(APP_ID, { email_auth: true }) };
    if (request.path === PASSWORDLESS_API.emailAuthenticate || request.path === IDENTITY_API.sessions)
      return { body: grant() };
    if (request.path === PASSWORDLESS_API.smsLink) return { body: { ...user, linked_accounts: [phone] } };
    if (request.path === IDENTITY_API.logout) return { body: { session_update_action: 'clear' } };
    return { body: { success: true } };
  });
  const client = createLatchClient({ appId: APP_ID, apiUrl: 'https://auth.example', fetch, clock });
  await client.init();
  return { clock, client, latch: createLatch({ appId: APP_ID, clientId: 'client-id', client, clock }) };
}

/** The `sub` of a token the fake server made (which grant it came from). */
const grantOf = (token: string | null) =>
  token === null ? null : (JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).sub as string);

it('follows the identity token: null signed out, the login’s, a fresh one before expiry, null after logout', async () => {
  const { clock, client, latch } = await setup();
  const seen: Array<string | null> = [];
  const stop = watchIdentityToken(latch, (token) => seen.push(grantOf(token)), clock);
  await clock.flush();
  expect(seen).toEqual([null]);

  await client.loginWithEmailCode('ada@example.test', '123456');
  await clock.flush();
  expect(seen.at(-1)).toBe('identity-1');

  // Just past the point the core counts it expired, the watcher asks again and the core refreshes.
  await clock.advance(IDENTITY_TOKEN.ttlSeconds * 1000 - TIMEOUT.tokenExpiryMargin + 1);
  await clock.flush();
  expect(seen.at(-1)).toBe('identity-2');

  // A link changes the accounts: the core drops the token, the watcher hears of the new user and gets a new one.
  await client.linkPhone('+14155550100', '123456');
  await clock.flush();
  expect(seen.at(-1)).toBe('identity-3');

  await latch.logout();
  await clock.flush();
  expect(seen.at(-1)).toBeNull();

  // Stopped: no more answers, no timer left behind.
  stop();
  const count = seen.length;
  await client.loginWithEmailCode('ada@example.test', '123456');
  await clock.advance(IDENTITY_TOKEN.ttlSeconds * 1000);
  expect(seen.length).toBe(count);
});

it('useIdentityToken answers { identityToken: null } before its effect has run (server render)', async () => {
  const { client, latch } = await setup();
  let answer: unknown;
  const Probe = () => {
    answer = useIdentityToken();
    return null;
  };
  const value = {
    latch,
    client,
    runner: latch.auth,
    wallets: latch.wallets,
    strings: en,
    locale: 'en',
    embeds: { current: 0 },
  };
  renderToString(createElement(LatchContext.Provider, { value }, createElement(Probe)));
  expect(answer).toEqual({ identityToken: null });
});
