import { describe, expect, it } from 'vitest';
import { readDemoSettings } from './demoSettings.js';

describe('demo settings', () => {
  it('prefers the page query over the build environment', () => {
    const env = {
      VITE_LATCH_APP_ID: 'env-app',
      VITE_LATCH_CLIENT_ID: 'env-client',
      VITE_LATCH_API_URL: 'http://env',
      VITE_LATCH_DEV_IDP_URL: 'http://env-idp',
    };
    expect(
      readDemoSettings(
        '?appId=q-app&clientId=q-client&apiUrl=http%3A%2F%2Fq&embed=1&devIdpUrl=http%3A%2F%2Fq-idp',
        env,
      ),
    ).toEqual({
      appId: 'q-app',
      clientId: 'q-client',
      apiUrl: 'http://q',
      embed: true,
      noPromptOnSignature: false,
      noPromptOnMfaRequired: false,
      devIdpUrl: 'http://q-idp',
      host: {},
      locale: 'en',
    });
    expect(readDemoSettings('', env)).toEqual({
      appId: 'env-app',
      clientId: 'env-client',
      apiUrl: 'http://env',
      embed: false,
      noPromptOnSignature: false,
      noPromptOnMfaRequired: false,
      devIdpUrl: 'http://env-idp',
      host: {},
      locale: 'en',
    });
  });

  it('reads the host config from ?host= (JSON), and ignores one that is not an object', () => {
    const host = { appearance: { theme: 'dark', accentColor: '#0E7C66' }, loginMethods: ['sms', 'email'] };
    expect(readDemoSettings(`?host=${encodeURIComponent(JSON.stringify(host))}`, {}).host).toEqual(host);
    expect(readDemoSettings('?host=%7Bnot%20json', {}).host).toEqual({});
    expect(readDemoSettings('?host=%5B1%5D', {}).host).toEqual({});
  });

  it('reads the locale from the query: es, else en', () => {
    expect(readDemoSettings('?locale=es', {}).locale).toBe('es');
    expect(readDemoSettings('?locale=xx', {}).locale).toBe('en');
  });

  it('reads the test-only delay scale from ?delayScale=, none without it', () => {
    expect(readDemoSettings('?delayScale=0.05', {}).delayScale).toBe(0.05);
    expect(readDemoSettings('', {}).delayScale).toBeUndefined();
  });

  it('reads noPromptOnSignature from the query', () => {
    expect(readDemoSettings('?noPromptOnSignature=1', {}).noPromptOnSignature).toBe(true);
  });

  it('reads noPromptOnMfaRequired from the query', () => {
    expect(readDemoSettings('?noPromptOnMfaRequired=1', {}).noPromptOnMfaRequired).toBe(true);
  });

  it('defaults the API to the local server, and no development identity provider', () => {
    expect(readDemoSettings('', {}).apiUrl).toBe('http://localhost:8787');
    expect(readDemoSettings('', {}).devIdpUrl).toBe('');
  });
});
