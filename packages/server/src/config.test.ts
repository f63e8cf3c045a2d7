import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadSettings } from './config.js';

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
});
