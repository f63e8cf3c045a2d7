import { LatchError } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { checkOAuthPublicConfig, resolveEndpoints } from './oauthCredentials.js';

describe('provider endpoints and credentials', () => {
  it("defaults to the provider's real endpoints; overrides replace them one by one", () => {
    expect(resolveEndpoints('github')).toEqual({
      endpoints: expect.objectContaining({ token: 'https://github.com/login/oauth/access_token' }),
      insecure: false,
    });
    const local = resolveEndpoints('github', { token: 'http://127.0.0.1:4000/token' });
    expect(local.insecure).toBe(true);
    expect(local.endpoints.authorization).toBe('https://github.com/login/oauth/authorize');
  });

  it('allows plain http only on loopback hosts (a token endpoint elsewhere would carry the secret in clear)', () => {
    for (const url of ['http://idp.example.com/token', 'http://10.0.0.2/token', 'ftp://x/token', 'not a url']) {
      expect(() => resolveEndpoints('google', { token: url })).toThrow(LatchError);
    }
    for (const url of ['http://localhost:9/t', 'http://[::1]:9/t', 'https://idp.example.com/t']) {
      expect(() => resolveEndpoints('google', { token: url })).not.toThrow();
    }
  });

  it('checks the shape; Apple needs its team and key ids', () => {
    expect(checkOAuthPublicConfig('discord', { client_id: 'abc' })).toEqual({ client_id: 'abc' });
    expect(() => checkOAuthPublicConfig('discord', { client_id: '' })).toThrow(/client_id/);
    expect(() => checkOAuthPublicConfig('discord', { client_id: 'a', extra: 1 })).toThrow(LatchError);
    expect(() => checkOAuthPublicConfig('apple', { client_id: 'com.example.web' })).toThrow(/team-id/);
    expect(
      checkOAuthPublicConfig('apple', { client_id: 'com.example.web', team_id: 'TEAM123456', key_id: 'KEY1234567' }),
    ).toMatchObject({ team_id: 'TEAM123456' });
  });
});
