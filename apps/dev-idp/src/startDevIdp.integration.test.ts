import { OAUTH_PROVIDERS, type OAuthProvider } from '@latch/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DevIdp } from './index.js';
import { startDevIdp } from './index.js';
import { CALLBACK, testFlow } from './testing/testFlow.js';

// The stand-ins through a real OAuth client (openid-client, what the server uses): every provider's
// full authorization code flow with PKCE, the provider quirks, and the attack hooks doing what they say.

let idp: DevIdp;
const { providerOf, authorize, exchange } = testFlow(() => idp);

beforeAll(async () => {
  idp = await startDevIdp({ redirectUris: [CALLBACK] });
});
afterAll(async () => {
  await idp.close();
});
beforeEach(() => {
  for (const p of Object.values(idp.providers)) p.reset();
});

describe('every provider: authorization code with PKCE', () => {
  it.each(OAUTH_PROVIDERS)('%s: login page, code, token, profile', async (name) => {
    const p = providerOf(name);
    const email = `grace.${name}@example.com`;
    const flow = await authorize(name, email);
    expect(flow.answer.method).toBe(name === 'apple' ? 'POST' : 'GET');
    expect(flow.answer.redirectUri).toBe(CALLBACK);
    expect(flow.answer.params.state).toBe(flow.state);
    const tokens = await exchange(name, flow);
    expect(tokens.access_token).toBeTruthy();
    const subject = p.subjectFor(email);
    if (name === 'tiktok') expect(tokens.open_id).toBe(subject);
    if (name === 'instagram') expect(tokens.user_id).toBe(subject);
    if (p.endpoints.issuer) {
      const claims = tokens.claims()!;
      expect(claims.sub).toBe(subject);
      expect(claims.email).toBe(email);
    }
    if (name === 'apple') return; // Apple has no user-info endpoint: the ID token is the profile.
    const fields =
      name === 'tiktok' ? '?fields=open_id,display_name' : name === 'instagram' ? '?fields=user_id,username' : '';
    const res = await fetch(`${p.endpoints.userinfo}${fields}`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(res.status).toBe(200);
    const profile = (await res.json()) as Record<string, unknown>;
    const expected: Record<OAuthProvider, unknown> = {
      google: { sub: subject, email, name: 'Grace Hopper' },
      linkedin: { sub: subject, email, name: 'Grace Hopper' },
      apple: undefined,
      github: { id: Number(subject), login: `grace.${name}`, name: 'Grace Hopper', email },
      discord: { id: subject, global_name: 'Grace Hopper', email },
      twitter: { data: { id: subject, name: 'Grace Hopper', username: `grace.${name}` } },
      spotify: { id: subject, display_name: 'Grace Hopper', email },
      instagram: { user_id: subject, username: `grace.${name}` },
      tiktok: { data: { user: { open_id: subject, display_name: 'Grace Hopper' } } },
    };
    expect(profile).toMatchObject(expected[name] as object);
  });

  it('the subject is stable per email and differs per provider', () => {
    const google = providerOf('google');
    expect(google.subjectFor('a@example.com')).toBe(google.subjectFor('A@example.com'));
    expect(google.subjectFor('a@example.com')).not.toBe(google.subjectFor('b@example.com'));
    expect(providerOf('discord').subjectFor('a@example.com')).not.toBe(google.subjectFor('a@example.com'));
  });
});
