import { WALLET_EVENT } from '@latch/protocol/frame';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fakeClock.js';
import { embeddedWalletExportUrl, startKeyExport } from './exportFrame.js';
import type { HostMessage } from './frameHost.js';

const ORIGIN = 'https://auth.example.com';
const ADDRESS = `0x${'ab'.repeat(20)}`;

function setup() {
  const clock = createFakeClock();
  const listeners = new Set<(m: HostMessage) => void>();
  const posted: { message: { id: string; event: string; data?: unknown }; targetOrigin: string }[] = [];
  const target = {
    postMessage: (message: unknown, targetOrigin: string) =>
      posted.push({ message: message as (typeof posted)[number]['message'], targetOrigin }),
  };
  const host = {
    listen(listener: (m: HostMessage) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const fromFrame = (data: unknown, origin = ORIGIN, source: unknown = target) => {
    for (const l of [...listeners]) l({ data, origin, source });
  };
  const session = startKeyExport({ target, frameOrigin: ORIGIN, host, accessToken: 'tok', address: ADDRESS, clock });
  const outcome: { address?: string; error?: unknown } = {};
  session.done.then(
    (address) => {
      outcome.address = address;
    },
    (error) => {
      outcome.error = error;
    },
  );
  const ready = () => fromFrame({ id: 'latch:ready', event: WALLET_EVENT.ready, data: { ready: true } });
  return { clock, posted, fromFrame, session, outcome, ready, listeners };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('key export page URL', () => {
  it('carries client id, address, width, analytics id, theme colours and locale, never a token', () => {
    const url = new URL(
      embeddedWalletExportUrl({
        apiUrl: 'https://auth.example.com/base',
        appId: 'a'.repeat(25),
        clientId: 'client-1',
        analyticsId: 'ca-1',
        address: ADDRESS,
        width: 359.6,
        theme: { background: '#18181b', accent: '#4338ca' },
        locale: 'es',
      }),
    );
    expect(url.pathname).toBe(`/apps/${'a'.repeat(25)}/embedded-wallets/export`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-1',
      address: ADDRESS,
      width: '360',
      caid: 'ca-1',
      background: '#18181b',
      accent: '#4338ca',
      locale: 'es',
    });
  });
});

describe('key export session', () => {
  it('posts the token once, after ready, to the exact frame origin; resolves with the address', async () => {
    const t = setup();
    expect(t.posted).toEqual([]);
    t.ready();
    t.ready();
    expect(t.posted).toHaveLength(1);
    const [{ message, targetOrigin }] = t.posted as [(typeof t.posted)[number]];
    expect(targetOrigin).toBe(ORIGIN);
    expect(message).toMatchObject({
      event: WALLET_EVENT.walletConnect,
      data: { accessToken: 'tok', address: ADDRESS },
    });
    t.fromFrame({ id: message.id, event: WALLET_EVENT.walletConnect, data: { address: ADDRESS } });
    await flush();
    expect(t.outcome).toEqual({ address: ADDRESS });
    expect(t.listeners.size).toBe(0);
  });

  it('ignores other windows and origins, so a foreign page cannot get the token', async () => {
    const t = setup();
    t.fromFrame({ id: 'latch:ready', event: WALLET_EVENT.ready, data: { ready: true } }, 'https://evil.example');
    t.fromFrame({ id: 'latch:ready', event: WALLET_EVENT.ready, data: { ready: true } }, ORIGIN, {});
    expect(t.posted).toEqual([]);
  });

  it('asks for readiness on frame load, and fails with SPEC texts on an error reply', async () => {
    const t = setup();
    t.session.frameLoaded();
    expect(t.posted[0]?.message.event).toBe(WALLET_EVENT.ready);
    t.ready();
    const id = t.posted[1]?.message.id;
    t.fromFrame({ id, event: WALLET_EVENT.walletConnect, error: { type: 'wallet_not_on_device', message: 'x' } });
    await flush();
    expect(t.outcome.error).toMatchObject({
      proxyType: 'wallet_not_on_device',
      message: 'An error has occurred, please try again.',
    });
  });

  it('times out when the page never gets ready, and cancels', async () => {
    const t = setup();
    await t.clock.advance(15_000);
    await flush();
    expect(t.outcome.error).toMatchObject({ code: 'client_request_timeout' });
    const u = setup();
    u.session.cancel();
    await flush();
    expect(u.outcome.error).toMatchObject({ code: 'client_request_cancelled' });
  });
});
