import { exportSPKI, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  assertValidHostConfig,
  DEFAULT_HOST_CONFIG,
  mergeHostConfig,
  parseHostConfigPatch,
} from './appConfigSchema.js';
import { assertCustomAuthKey, assertValidCustomAuthConfig, type CustomAuthConfig } from './customAuthConfig.js';

const base: CustomAuthConfig = {
  issuer: 'https://auth.acme.example',
  audience: 'acme-latch',
  algorithms: ['RS256'],
  jwks_url: 'https://auth.acme.example/.well-known/jwks.json',
  public_key_pem: null,
};

const messageOf = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('custom_auth_config', () => {
  it('accepts an issuer with a JWKS URL or a PEM and asymmetric algorithms', () => {
    expect(messageOf(() => assertValidCustomAuthConfig(base))).toBe('ok');
    expect(
      messageOf(() => assertValidCustomAuthConfig({ ...base, jwks_url: 'http://127.0.0.1:8790/jwks' }, { dev: true })),
    ).toBe('ok');
    expect(messageOf(() => assertValidCustomAuthConfig({ ...base, algorithms: ['ES256', 'EdDSA', 'PS512'] }))).toBe(
      'ok',
    );
  });

  it('requires an audience: without one, another app’s tokens of the same issuer would log in (issue #24)', () => {
    for (const audience of [null, '', '  ']) {
      expect(messageOf(() => assertValidCustomAuthConfig({ ...base, audience }))).toMatch(
        /^custom_auth_config\.audience: is required/,
      );
    }
  });

  it('refuses none and HMAC algorithms (key confusion), naming the field', () => {
    for (const alg of ['none', 'HS256', 'HS512', 'hs256', 'RSA-OAEP', 'ES256K']) {
      expect(messageOf(() => assertValidCustomAuthConfig({ ...base, algorithms: [alg] }))).toMatch(
        new RegExp(`^custom_auth_config\\.algorithms: "${alg}" is not accepted`),
      );
    }
    expect(messageOf(() => assertValidCustomAuthConfig({ ...base, algorithms: ['RS256', 'RS256'] }))).toMatch(/twice/);
  });

  it('needs exactly one key source; the JWKS over https, or http on loopback only', () => {
    expect(messageOf(() => assertValidCustomAuthConfig({ ...base, jwks_url: null }))).toMatch(
      /^custom_auth_config\.jwks_url: set exactly one/,
    );
    expect(
      messageOf(() => assertValidCustomAuthConfig({ ...base, public_key_pem: '-----BEGIN PUBLIC KEY-----' })),
    ).toMatch(/exactly one/);
    for (const url of ['http://auth.acme.example/jwks', 'ftp://x.example/jwks', 'https://u:p@x.example/jwks']) {
      expect(messageOf(() => assertValidCustomAuthConfig({ ...base, jwks_url: url }))).toMatch(
        /jwks_url: must be an https URL/,
      );
    }
    expect(messageOf(() => assertValidCustomAuthConfig({ ...base, issuer: ' ' }))).toMatch(/issuer/);
  });

  it('outside dev mode: the JWKS on a public https host only (JWT-09); dev mode keeps http on loopback', () => {
    const refused = [
      'http://127.0.0.1:8790/jwks',
      'https://localhost/jwks',
      'https://api.localhost/jwks',
      'https://127.0.0.1/jwks',
      'https://10.0.0.8/jwks',
      'https://172.20.1.1/jwks',
      'https://192.168.1.1/jwks',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/jwks',
      'https://[fe80::1]/jwks',
      'https://[fd00::1]/jwks',
      'https://[::ffff:127.0.0.1]/jwks',
      'https://0.0.0.0/jwks',
    ];
    for (const url of refused) {
      expect(
        messageOf(() => assertValidCustomAuthConfig({ ...base, jwks_url: url })),
        url,
      ).toMatch(/jwks_url: must be an https URL on a public host/);
    }
    for (const url of ['https://auth.acme.example/jwks', 'https://8.8.8.8/jwks', 'https://[2606:4700::1111]/jwks']) {
      expect(
        messageOf(() => assertValidCustomAuthConfig({ ...base, jwks_url: url })),
        url,
      ).toBe('ok');
    }
    for (const url of ['http://127.0.0.1:8790/jwks', 'http://localhost:8790/jwks', 'https://localhost/jwks']) {
      expect(
        messageOf(() => assertValidCustomAuthConfig({ ...base, jwks_url: url }, { dev: true })),
        url,
      ).toBe('ok');
    }
    expect(
      messageOf(() => assertValidCustomAuthConfig({ ...base, jwks_url: 'http://10.0.0.8/jwks' }, { dev: true })),
    ).toMatch(/http only on a loopback host/);
  });

  it('is checked with the rest of the host config (apps create/update, the dev endpoint)', () => {
    const patch = parseHostConfigPatch({
      custom_auth_config: {
        issuer: 'https://a.example',
        audience: 'a-app',
        algorithms: ['HS256'],
        jwks_url: 'https://a.example/jwks',
      },
    });
    expect(messageOf(() => assertValidHostConfig(mergeHostConfig(DEFAULT_HOST_CONFIG, patch)))).toMatch(
      /algorithms: "HS256"/,
    );
    // The optional fields default to null (the audience too, which the check then refuses).
    const noAudience = parseHostConfigPatch({
      custom_auth_config: { issuer: 'https://a.example', algorithms: ['RS256'], jwks_url: 'https://a.example/jwks' },
    });
    expect(noAudience.custom_auth_config?.audience).toBeNull();
    expect(messageOf(() => assertValidHostConfig(mergeHostConfig(DEFAULT_HOST_CONFIG, noAudience)))).toMatch(
      /audience: is required/,
    );
    const ok = parseHostConfigPatch({
      custom_auth_config: {
        issuer: 'https://a.example',
        audience: 'a-app',
        algorithms: ['RS256'],
        jwks_url: 'https://a.example/jwks',
      },
    });
    expect(ok.custom_auth_config).toEqual({
      issuer: 'https://a.example',
      audience: 'a-app',
      algorithms: ['RS256'],
      jwks_url: 'https://a.example/jwks',
      public_key_pem: null,
    });
    expect(messageOf(() => assertValidHostConfig(mergeHostConfig(DEFAULT_HOST_CONFIG, ok)))).toBe('ok');
  });

  it('parses the PEM with jose for every algorithm listed: a key that does not fit one is refused', async () => {
    const rsa = await exportSPKI((await generateKeyPair('RS256', { extractable: true })).publicKey);
    const ec = await exportSPKI((await generateKeyPair('ES256', { extractable: true })).publicKey);
    const pem = (public_key_pem: string, algorithms: string[]) => ({
      ...base,
      jwks_url: null,
      public_key_pem,
      algorithms,
    });
    await expect(assertCustomAuthKey(pem(rsa, ['RS256', 'PS256']))).resolves.toBeUndefined();
    await expect(assertCustomAuthKey(pem(ec, ['ES256']))).resolves.toBeUndefined();
    await expect(assertCustomAuthKey(pem(ec, ['RS256']))).rejects.toThrow(
      /^custom_auth_config\.public_key_pem: .* RS256/,
    );
    await expect(assertCustomAuthKey(pem(ec, ['ES384']))).rejects.toThrow(/public_key_pem/);
    await expect(assertCustomAuthKey(pem('not a key', ['RS256']))).rejects.toThrow(/public_key_pem/);
    await expect(assertCustomAuthKey(base)).resolves.toBeUndefined();
    await expect(assertCustomAuthKey(null)).resolves.toBeUndefined();
  });
});
