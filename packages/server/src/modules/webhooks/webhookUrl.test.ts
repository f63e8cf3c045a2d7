import { describe, expect, it } from 'vitest';
import { assertWebhookRunnable } from '../../admin/webhookCommands.js';
import { loadSettings } from '../../kernel/config/config.js';
import { assertWebhookUrl } from './webhookUrl.js';

const appId = 'a'.repeat(25);

describe('assertWebhookUrl', () => {
  it('accepts https anywhere, and http to loopback in dev mode only', () => {
    expect(assertWebhookUrl('https://api.example.com/hooks', false)).toBe('https://api.example.com/hooks');
    expect(assertWebhookUrl('http://127.0.0.1:4000/hooks', true)).toBe('http://127.0.0.1:4000/hooks');
    expect(assertWebhookUrl('http://localhost/hooks', true)).toBe('http://localhost/hooks');
    expect(assertWebhookUrl('http://[::1]:9/h', true)).toBe('http://[::1]:9/h');
    expect(() => assertWebhookUrl('http://127.0.0.1:4000/hooks', false)).toThrow(/must use https/);
    expect(() => assertWebhookUrl('http://10.0.0.1/hooks', true)).toThrow(/https/);
  });

  it('accepts http to loopback outside dev mode only with LATCH_WEBHOOKS_ALLOW_HTTP_LOOPBACK, and nowhere else', () => {
    const allowed = loadSettings({ LATCH_WEBHOOKS_ALLOW_HTTP_LOOPBACK: '1' });
    expect(allowed.dev).toBe(false);
    for (const url of ['http://127.0.0.1:4000/hooks', 'http://localhost/hooks', 'http://[::1]:9/h'])
      expect(assertWebhookUrl(url, allowed)).toBe(url);
    // Only loopback: a LAN or public host, or a name that merely starts like one, stays refused.
    for (const url of ['http://10.0.0.1/hooks', 'http://api.example.com/x', 'http://127.0.0.1.example.com/x'])
      expect(() => assertWebhookUrl(url, allowed), url).toThrow(/must use https/);
    expect(() => assertWebhookUrl('https://user:pw@127.0.0.1/x', allowed)).toThrow(/user name or password/);
    const production = loadSettings({});
    expect(() => assertWebhookUrl('http://127.0.0.1:4000/hooks', production)).toThrow(
      /LATCH_WEBHOOKS_ALLOW_HTTP_LOOPBACK=1/,
    );
  });

  it('refuses credentials, fragments, other schemes and non-URLs', () => {
    for (const url of [
      'https://user:pw@example.com/x',
      'https://user@example.com/x',
      'https://example.com/x#a',
      'https://example.com/x#',
      'ftp://example.com/x',
      'javascript:alert(1)',
      '/relative',
    ])
      expect(() => assertWebhookUrl(url, true), url).toThrow(/webhook URL/);
  });
});

describe('assertWebhookRunnable', () => {
  const run =
    (args: string[], values: Record<string, string> = {}) =>
    () =>
      assertWebhookRunnable({ args, values }, true);
  it('refuses incomplete or mixed command lines', () => {
    expect(run(['frobnicate', appId])).toThrow(/Unknown apps webhooks command/);
    expect(run(['add'])).toThrow(/needs the app id/);
    expect(run(['add', 'short'])).toThrow(/25 characters/);
    expect(run(['add', appId])).toThrow(/--url/);
    expect(run(['remove', appId])).toThrow(/endpoint id/);
    expect(run(['list', appId], { url: 'https://x.example' })).toThrow(/options of add/);
    expect(run(['add', appId], { url: 'https://x.example', grace: '5' })).toThrow(/rotate-secret/);
    expect(run(['add', appId], { url: 'https://x.example', events: 'user.created,nope' })).toThrow(/--events/);
    expect(run(['rotate-secret', appId, 'whe_1'], { grace: '-1' })).toThrow(/--grace/);
    expect(run(['add', appId], { url: 'https://x.example', events: 'user.created, wallet.created' })).not.toThrow();
  });
});
