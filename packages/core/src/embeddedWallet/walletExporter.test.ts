import { createFakeClock } from '@latch/core/testing';
import type { User } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import type { HostMessage } from './frameHost.js';
import { createWalletExporter } from './walletExporter.js';

const ADDRESS = `0x${'c'.repeat(40)}`;
const owner = {
  id: 'did:latch:u',
  linkedAccounts: [{ type: 'wallet', address: ADDRESS, walletClientType: 'latch', recoveryMethod: 'latch' }],
} as unknown as User;
const withoutWallet = { id: 'did:latch:v', linkedAccounts: [] } as unknown as User;

function setup(user: User | null = owner, connect: () => Promise<unknown> = async () => ({})) {
  const clock = createFakeClock();
  const exporter = createWalletExporter({
    getUser: () => user,
    controller: { connect: connect as never },
    clock,
    page: { apiUrl: 'https://auth.example', appId: 'a'.repeat(25) },
  });
  return { clock, exporter };
}

describe('wallet exporter', () => {
  it('shows the export screen no earlier than 1 s after connecting began, even when connected at once', async () => {
    const { clock, exporter } = setup();
    let closed = false;
    void exporter.exportWallet().then(() => {
      closed = true;
    });
    expect(exporter.getState()).toMatchObject({ address: ADDRESS, status: 'connecting', error: null });
    await clock.advance(999);
    expect(exporter.getState()?.status).toBe('connecting');
    await clock.advance(1);
    expect(exporter.getState()?.status).toBe('ready');
    expect(closed).toBe(false);
    exporter.close();
    await clock.flush();
    expect(exporter.getState()).toBeNull();
    expect(closed).toBe(true);
  });

  it('moves on as soon as a slow connection (over 1 s) is done', async () => {
    let finish: () => void = () => {};
    const { clock, exporter } = setup(owner, () => new Promise<void>((resolve) => (finish = resolve)));
    void exporter.exportWallet();
    await clock.advance(3000);
    expect(exporter.getState()?.status).toBe('connecting');
    finish();
    await clock.advance(0);
    expect(exporter.getState()?.status).toBe('ready');
  });

  it('shows the generic error when connecting fails, and after a failure of the export page', async () => {
    const { clock, exporter } = setup(owner, async () => {
      throw new Error('boom');
    });
    void exporter.exportWallet();
    await clock.flush();
    expect(exporter.getState()).toMatchObject({ address: ADDRESS, status: 'error', error: 'wallet_error' });
    const other = setup();
    void other.exporter.exportWallet();
    other.exporter.fail();
    expect(other.exporter.getState()?.error).toBe('wallet_error');
  });

  it('refuses without a user (must_be_authenticated) or without an embedded wallet (embedded_wallet_not_found)', async () => {
    await expect(setup(null).exporter.exportWallet()).rejects.toMatchObject({ code: 'must_be_authenticated' });
    await expect(setup(withoutWallet).exporter.exportWallet()).rejects.toMatchObject({
      code: 'embedded_wallet_not_found',
    });
  });

  it('a close while connecting wins: the screen does not reopen when the connection lands', async () => {
    const { clock, exporter } = setup();
    void exporter.exportWallet();
    exporter.close();
    await clock.advance(2000);
    expect(exporter.getState()).toBeNull();
  });

  it('a second export ends the first: its promise resolves and a late connection of it changes nothing', async () => {
    let finishFirst: () => void = () => {};
    let calls = 0;
    const { clock, exporter } = setup(owner, () =>
      ++calls === 1 ? new Promise<void>((resolve) => (finishFirst = resolve)) : new Promise<void>(() => {}),
    );
    let firstClosed = false;
    void exporter.exportWallet().then(() => {
      firstClosed = true;
    });
    void exporter.exportWallet();
    await clock.flush();
    expect(firstClosed).toBe(true);
    finishFirst();
    await clock.advance(2000);
    expect(exporter.getState()?.status).toBe('connecting');
  });

  describe('the export page (openPage)', () => {
    // The frame contract's event names (SPEC §7), spelled out: the test pins the wire, not a constant.
    const READY = 'latch:iframe:ready';
    const CONNECT = 'latch:wallet:connect';
    const pageSetup = (token: string | null) => {
      const clock = createFakeClock();
      const listeners = new Set<(m: HostMessage) => void>();
      const host = {
        listen(listener: (m: HostMessage) => void) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      };
      const exporter = createWalletExporter({
        getUser: () => owner,
        controller: { connect: (async () => ({})) as never },
        clock,
        page: { apiUrl: 'https://auth.example', appId: 'a'.repeat(25) },
        getAccessToken: async () => token,
        host,
      });
      const fromPage = (data: unknown, source: unknown) => {
        for (const l of [...listeners]) l({ data, origin: 'https://auth.example', source });
      };
      return { clock, exporter, fromPage };
    };

    it('gives the page address without the token, and hands the token to the page window by message', async () => {
      const { clock, exporter, fromPage } = pageSetup('secret-token');
      void exporter.exportWallet();
      await clock.advance(1000);
      const page = await exporter.openPage({ width: 400 });
      expect(page?.src).toContain(`address=${ADDRESS}`);
      expect(page?.src).toContain('width=400');
      expect(page?.src).not.toContain('secret-token');
      const posted: unknown[] = [];
      const target = { postMessage: (message: unknown) => posted.push(message) };
      page?.attach(target);
      fromPage({ id: 'latch:ready', event: READY }, target);
      expect(posted).toMatchObject([{ event: CONNECT, data: { accessToken: 'secret-token', address: ADDRESS } }]);
      // The page answering with an error shows the wallet_error code on the screen.
      const { id } = (posted as { id: string }[])[0] ?? { id: '' };
      fromPage({ id, event: CONNECT, error: { type: 'error', message: 'no' } }, target);
      await clock.flush();
      expect(exporter.getState()?.error).toBe('wallet_error');
    });

    it('without an access token: no page, and the failure shows on the screen', async () => {
      const { clock, exporter } = pageSetup(null);
      void exporter.exportWallet();
      await clock.advance(1000);
      expect(await exporter.openPage({})).toBeNull();
      expect(exporter.getState()).toMatchObject({ status: 'error', error: 'wallet_error' });
    });
  });
});
