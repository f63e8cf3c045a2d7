import { OAUTH_PROVIDERS } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { appleUserName, PROVIDERS, profileText } from './providers.js';

const none = { userinfo: undefined, claims: undefined };

describe('provider profile mappers: the providers documented user-info shapes', () => {
  it('GitHub GET /user {id, login, name, email}', () => {
    const userinfo = { id: 583231, login: 'octocat', name: 'The Octocat', email: 'octo@github.com' };
    expect(PROVIDERS.github.profile({ ...none, userinfo })).toEqual({
      subject: '583231',
      email: 'octo@github.com',
      name: 'The Octocat',
      username: 'octocat',
    });
  });

  it('Discord /users/@me {id, username, global_name, email, verified}; an unverified or unmarked address is dropped', () => {
    const userinfo = {
      id: '80351110224678912',
      username: 'nelly',
      global_name: 'Nelly',
      email: 'n@d.com',
      verified: true,
    };
    expect(PROVIDERS.discord.profile({ ...none, userinfo })).toEqual({
      subject: '80351110224678912',
      email: 'n@d.com',
      name: 'Nelly',
      username: 'nelly',
    });
    expect(PROVIDERS.discord.profile({ ...none, userinfo: { ...userinfo, verified: false } }).email).toBeNull();
    expect(PROVIDERS.discord.profile({ ...none, userinfo: { ...userinfo, verified: undefined } }).email).toBeNull();
  });

  it('X /2/users/me {data:{id,name,username}}', () => {
    const userinfo = { data: { id: '2244994945', name: 'X Dev', username: 'XDevelopers' } };
    expect(PROVIDERS.twitter.profile({ ...none, userinfo })).toEqual({
      subject: '2244994945',
      email: null,
      name: 'X Dev',
      username: 'XDevelopers',
    });
  });

  it('Spotify /v1/me {id, display_name, email}: the email is unverified (Spotify says so), never kept', () => {
    const userinfo = { id: 'wizzler', display_name: 'Wizzler', email: 'victim@example.com' };
    expect(PROVIDERS.spotify.profile({ ...none, userinfo })).toEqual({
      subject: 'wizzler',
      email: null,
      name: 'Wizzler',
      username: null,
    });
  });

  it('Instagram /me?fields=user_id,username', () => {
    const userinfo = { user_id: '17841400000000000', username: 'jane', id: '9000' };
    expect(PROVIDERS.instagram.profile({ ...none, userinfo })).toEqual({
      subject: '17841400000000000',
      email: null,
      name: null,
      username: 'jane',
    });
  });

  it('TikTok /v2/user/info {data:{user:{open_id,display_name}}}', () => {
    const userinfo = { data: { user: { open_id: '723f24d7-e717-40f8', display_name: 'Tik' } }, error: { code: 'ok' } };
    expect(PROVIDERS.tiktok.profile({ ...none, userinfo })).toEqual({
      subject: '723f24d7-e717-40f8',
      email: null,
      name: 'Tik',
      username: null,
    });
  });

  it('Google and LinkedIn OIDC user-info: sub, name, email only when verified', () => {
    for (const provider of ['google', 'linkedin'] as const) {
      const userinfo = { sub: '1234', name: 'Ann Lee', email: 'ann@example.com', email_verified: true };
      expect(PROVIDERS[provider].profile({ ...none, userinfo })).toEqual({
        subject: '1234',
        email: 'ann@example.com',
        name: 'Ann Lee',
        username: null,
      });
      const unverified = { ...userinfo, email_verified: false };
      expect(PROVIDERS[provider].profile({ ...none, userinfo: unverified }).email).toBeNull();
    }
  });

  it("Apple: the ID token's sub and email, never a name (that comes from the first `user` form field)", () => {
    const claims = { sub: '001234.abcd', email: 'x@privaterelay.appleid.com', email_verified: 'true' };
    expect(PROVIDERS.apple.profile({ userinfo: undefined, claims })).toEqual({
      subject: '001234.abcd',
      email: 'x@privaterelay.appleid.com',
      name: null,
      username: null,
    });
    expect(appleUserName('{"name":{"firstName":"Jane","lastName":"Appleseed"},"email":"j@a.com"}')).toBe(
      'Jane Appleseed',
    );
    expect(appleUserName('not json')).toBeNull();
    expect(appleUserName(undefined)).toBeNull();
    expect(appleUserName('{"name":{}}')).toBeNull();
  });

  it('every provider refuses a profile without a subject', () => {
    for (const provider of OAUTH_PROVIDERS) {
      expect(() => PROVIDERS[provider].profile({ userinfo: {}, claims: {} })).toThrow(/no subject/);
    }
  });

  it('OIDC providers name an issuer and a JWKS; the others a user-info endpoint', () => {
    for (const provider of OAUTH_PROVIDERS) {
      const { endpoints, oidc, profileFrom } = PROVIDERS[provider];
      expect(endpoints.authorization).toMatch(/^https:\/\//);
      expect(endpoints.token).toMatch(/^https:\/\//);
      if (oidc) expect([endpoints.issuer, endpoints.jwks]).toEqual([expect.any(String), expect.any(String)]);
      if (profileFrom === 'userinfo') expect(endpoints.userinfo).toMatch(/^https:\/\//);
    }
  });

  it('profile text the databases refuse is cleaned: NUL dropped, a lone surrogate replaced, cut between characters', () => {
    expect(profileText('Mallory\u0000Admin')).toBe('MalloryAdmin');
    expect(profileText('Mallory\ud800')).toBe('Mallory\ufffd');
    expect(profileText('\udc00x')).toBe('\ufffdx');
    expect(profileText(`${'a'.repeat(255)}😀😀`)).toBe(`${'a'.repeat(255)}😀`);
    expect(profileText('\u0000')).toBeNull();
    const userinfo = { id: '1', login: 'm\u0000', name: 'M\ud800', email: 'm\u0000@x.com' };
    expect(PROVIDERS.github.profile({ ...none, userinfo })).toEqual({
      subject: '1',
      email: null,
      name: 'M\ufffd',
      username: 'm',
    });
  });

  it('a subject the databases refuse, or too long to unlink, is refused (it is the account key: never changed)', () => {
    for (const id of ['1\u0000', '1\ud800', 'x'.repeat(257)]) {
      expect(() => PROVIDERS.github.profile({ ...none, userinfo: { id, login: 'm' } })).toThrow();
    }
  });
});
