import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadSettings } from './config.js';
import { DEFAULT_PRICE_LIMIT, DEFAULT_SMS_CAPS } from './configLimits.js';

describe('loadSettings', () => {
  it('has the documented defaults', () => {
    const settings = loadSettings({}, '/srv/app');
    expect(settings).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      dev: false,
      dataDir: '/srv/app/.latch',
      publicUrl: 'http://localhost:8787',
      logLevel: 'info',
      redisKeyPrefix: 'latch:',
      pgPrepare: true,
      pgPoolSize: Math.max(4, 2 * availableParallelism()),
    });
    expect(settings.databaseUrl).toBeUndefined();
    expect(settings.masterKey).toBeUndefined();
  });

  it('reads LATCH_TELEGRAM_OAUTH_URL: https, or http on loopback only, without query', () => {
    expect(loadSettings({}).telegramOAuthUrl).toBeUndefined();
    expect(loadSettings({ LATCH_TELEGRAM_OAUTH_URL: 'https://oauth.telegram.org/' }).telegramOAuthUrl).toBe(
      'https://oauth.telegram.org',
    );
    expect(loadSettings({ LATCH_TELEGRAM_OAUTH_URL: 'http://127.0.0.1:8790/telegram' }).telegramOAuthUrl).toBe(
      'http://127.0.0.1:8790/telegram',
    );
    for (const bad of ['http://telegram.example', 'ftp://x.example', 'https://x.example/?a=1', 'not a url']) {
      expect(() => loadSettings({ LATCH_TELEGRAM_OAUTH_URL: bad })).toThrow(/LATCH_TELEGRAM_OAUTH_URL/);
    }
  });

  it('reads LATCH_RP_ID as a bare domain, and refuses anything else', () => {
    expect(loadSettings({}).rpId).toBeUndefined();
    expect(loadSettings({ LATCH_RP_ID: ' Example.COM ' }).rpId).toBe('example.com');
    for (const bad of ['https://example.com', 'example.com:443', 'example.com/login', '.example.com', 'a b']) {
      expect(() => loadSettings({ LATCH_RP_ID: bad })).toThrow(ConfigError);
    }
  });

  it('reads every variable', () => {
    const settings = loadSettings(
      {
        LATCH_PORT: '9000',
        LATCH_HOST: '0.0.0.0',
        LATCH_DEV: '1',
        LATCH_DATA_DIR: '/data',
        DATABASE_URL: 'postgres://x@db/latch',
        LATCH_PG_PREPARE: '0',
        LATCH_PG_POOL_SIZE: '12',
        REDIS_URL: 'redis://cache',
        LATCH_MASTER_KEY: 'a2V5',
        LATCH_PUBLIC_URL: 'https://auth.example.com/',
        LATCH_LOG_LEVEL: 'debug',
        SMTP_URL: 'smtp://mail',
        LATCH_EMAIL_FROM: 'no-reply@example.com',
        TWILIO_BASE_URL: 'http://127.0.0.1:1',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 'secret',
        TWILIO_FROM: '+15550000000',
      },
      '/cwd',
    );
    expect(settings).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dev: true,
      dataDir: '/data',
      databaseUrl: 'postgres://x@db/latch',
      pgPrepare: false,
      pgPoolSize: 12,
      redisUrl: 'redis://cache',
      masterKey: 'a2V5',
      publicUrl: 'https://auth.example.com',
      logLevel: 'debug',
      smtpUrl: 'smtp://mail',
      emailFrom: 'no-reply@example.com',
      twilioBaseUrl: 'http://127.0.0.1:1',
      twilioAccountSid: 'AC1',
      twilioAuthToken: 'secret',
      twilioFrom: '+15550000000',
    });
  });

  it('refuses unusable values with a message naming the variable', () => {
    expect(() => loadSettings({ LATCH_PORT: 'http' })).toThrow(ConfigError);
    expect(() => loadSettings({ LATCH_PORT: '70000' })).toThrow(/LATCH_PORT/);
    expect(() => loadSettings({ LATCH_LOG_LEVEL: 'loud' })).toThrow(/LATCH_LOG_LEVEL/);
    expect(() => loadSettings({ LATCH_PUBLIC_URL: 'not a url' })).toThrow(/LATCH_PUBLIC_URL/);
    for (const size of ['0', 'many', '2.5']) {
      expect(() => loadSettings({ LATCH_PG_POOL_SIZE: size })).toThrow(/LATCH_PG_POOL_SIZE/);
    }
  });

  it('trusts loopback proxies only by default, and reads LATCH_TRUSTED_PROXIES (IPs and CIDRs)', () => {
    expect(loadSettings({}).trustedProxies).toEqual(['127.0.0.0/8', '::1']);
    expect(loadSettings({ LATCH_TRUSTED_PROXIES: ' 10.0.0.0/8, 192.0.2.10 ,fd00::/8,' }).trustedProxies).toEqual([
      '10.0.0.0/8',
      '192.0.2.10',
      'fd00::/8',
    ]);
    for (const bad of ['10.0.0.0/33', 'proxy.internal', '10.0.0.0/8/1', '::1/129', '10.0.0.0/abc', '10.0.0.0/']) {
      expect(() => loadSettings({ LATCH_TRUSTED_PROXIES: bad }), bad).toThrow(/LATCH_TRUSTED_PROXIES.*got "/);
    }
  });

  it('reads the SMS caps (sends/seconds, prefix digits) and refuses malformed ones', () => {
    expect(loadSettings({}).smsCaps).toEqual(DEFAULT_SMS_CAPS);
    expect(
      loadSettings({
        LATCH_SMS_LIMIT_PER_COUNTRY: '100/3600',
        LATCH_SMS_LIMIT_PER_PREFIX: ' 5/600 ',
        LATCH_SMS_PREFIX_DIGITS: '6',
      }).smsCaps,
    ).toEqual({
      perCountry: { points: 100, durationSec: 3600 },
      perPrefix: { points: 5, durationSec: 600 },
      prefixDigits: 6,
    });
    expect(() => loadSettings({ LATCH_SMS_LIMIT_PER_COUNTRY: '0/60' })).toThrow(/LATCH_SMS_LIMIT_PER_COUNTRY/);
    expect(() => loadSettings({ LATCH_SMS_LIMIT_PER_PREFIX: '5 per hour' })).toThrow(/LATCH_SMS_LIMIT_PER_PREFIX/);
    expect(() => loadSettings({ LATCH_SMS_PREFIX_DIGITS: '1' })).toThrow(/LATCH_SMS_PREFIX_DIGITS/);
  });

  it('reads the price source and its per-IP limit, never echoing the URL (it may carry an API key)', () => {
    expect(loadSettings({}).priceSourceUrl).toBeUndefined();
    expect(loadSettings({}).priceLimit).toEqual(DEFAULT_PRICE_LIMIT);
    const settings = loadSettings({
      LATCH_PRICE_SOURCE_URL: ' https://pro-api.coingecko.com/api/v3?x_cg_pro_api_key=k ',
      LATCH_PRICE_LIMIT_PER_IP: '30/60',
    });
    expect(settings.priceSourceUrl).toBe('https://pro-api.coingecko.com/api/v3?x_cg_pro_api_key=k');
    expect(settings.priceLimit).toEqual({ points: 30, durationSec: 60 });
    for (const bad of ['coingecko.com/api', 'ftp://prices.example/?key=secret-key']) {
      expect(() => loadSettings({ LATCH_PRICE_SOURCE_URL: bad })).toThrow(/^LATCH_PRICE_SOURCE_URL must be/);
      expect(() => loadSettings({ LATCH_PRICE_SOURCE_URL: bad })).not.toThrow(/secret-key|coingecko/);
    }
    expect(() => loadSettings({ LATCH_PRICE_LIMIT_PER_IP: 'lots' })).toThrow(/LATCH_PRICE_LIMIT_PER_IP/);
  });

  it('reads LATCH_DEPENDENCY_TIMEOUT_MS, 1000 ms by default, and refuses what is not whole milliseconds in range', () => {
    expect(loadSettings({}).dependencyTimeoutMs).toBe(1000);
    expect(loadSettings({ LATCH_DEPENDENCY_TIMEOUT_MS: '250' }).dependencyTimeoutMs).toBe(250);
    for (const bad of ['0', '49', '60001', '1.5', 'soon']) {
      expect(() => loadSettings({ LATCH_DEPENDENCY_TIMEOUT_MS: bad })).toThrow(/^LATCH_DEPENDENCY_TIMEOUT_MS must be/);
    }
  });
});
