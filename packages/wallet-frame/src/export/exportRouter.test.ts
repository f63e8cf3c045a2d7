import { LatchError, WALLET_EVENT } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { CustodyError } from '../keys/custodyError.js';
import { type DerivedWallet, deriveWallet } from '../keys/deriveWallet.js';
import { exportParamsFrom } from './exportPage.js';
import { createExportRouter, type ExportWallet } from './exportRouter.js';
import { exportThemeFrom } from './exportTheme.js';

const PARENT = 'https://host.example';

function windows() {
  const listeners = new Set<(e: MessageEvent) => void>();
  const self = {
    addEventListener: (_: 'message', l: (e: MessageEvent) => void) => listeners.add(l),
    removeEventListener: (_: 'message', l: (e: MessageEvent) => void) => listeners.delete(l),
  };
  const posted: { message: unknown; targetOrigin: string }[] = [];
  const parent = { postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }) };
  const send = (data: unknown, origin = PARENT) => {
    for (const l of listeners) l({ data, origin, source: parent } as unknown as MessageEvent);
  };
  return { self, parent, posted, send };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

async function setup(unlock?: (token: string) => Promise<DerivedWallet>) {
  const derived = await deriveWallet(new Uint8Array(32));
  const w = windows();
  const shown: { keys: string[]; errors: number } = { keys: [], errors: 0 };
  const tokens: string[] = [];
  const wallet: ExportWallet = {
    unlockedWallet: async (token) => {
      tokens.push(token);
      return unlock ? unlock(token) : derived;
    },
  };
  createExportRouter({
    self: w.self,
    parent: w.parent,
    parentOrigin: PARENT,
    address: derived.address,
    wallet,
    view: { showKey: ({ privateKey }) => shown.keys.push(privateKey), showError: () => shown.errors++ },
  }).start();
  return { derived, w, shown, tokens };
}

const connect = (address: string, id = 'c1') => ({
  id,
  event: WALLET_EVENT.walletConnect,
  data: { accessToken: 'token-1', address },
});

describe('key export page router', () => {
  it('shows the key in the page and replies to the exact parent with the address only', async () => {
    const { derived, w, shown, tokens } = await setup();
    w.send(connect(derived.address));
    await settle();
    expect(tokens).toEqual(['token-1']);
    expect(shown.keys).toEqual([derived.privateKey]);
    expect(w.posted.map((p) => p.message)).toEqual([
      { id: 'latch:ready', event: WALLET_EVENT.ready, data: { ready: true } },
      { id: 'c1', event: WALLET_EVENT.walletConnect, data: { address: derived.address } },
    ]);
    expect(w.posted.every((p) => p.targetOrigin === PARENT)).toBe(true);
    expect(JSON.stringify(w.posted)).not.toContain(derived.privateKey.slice(2));
  });

  it('answers no foreign origin, and refuses another address than the one the page was opened for', async () => {
    const { derived, w, shown, tokens } = await setup();
    w.send(connect(derived.address), 'https://evil.example');
    await settle();
    expect(w.posted).toHaveLength(1);
    expect(tokens).toEqual([]);

    w.send(connect('0x52908400098527886E0F7030069857D2E4169EE7', 'c2'));
    await settle();
    expect(tokens).toEqual([]);
    expect(shown).toEqual({ keys: [], errors: 1 });
    expect(w.posted[1]?.message).toMatchObject({ id: 'c2', error: { type: 'error' } });
  });

  it('shows no key when unlocking fails (tampered share: address mismatch), and tells the host generically', async () => {
    const { derived, w, shown } = await setup(async () => {
      throw new CustodyError('address_mismatch', 'The shares do not rebuild the stored address.');
    });
    w.send(connect(derived.address));
    await settle();
    expect(shown).toEqual({ keys: [], errors: 1 });
    expect(w.posted[1]?.message).toEqual({
      id: 'c1',
      event: WALLET_EVENT.walletConnect,
      error: { type: 'error', message: 'An error has occurred, please try again.' },
    });
  });

  it('maps a missing device share to wallet_not_on_device', async () => {
    const { derived, w } = await setup(async () => {
      throw new LatchError('wallet_not_on_device');
    });
    w.send(connect(derived.address));
    await settle();
    expect(w.posted[1]?.message).toMatchObject({ error: { type: 'wallet_not_on_device' } });
  });
});

describe('export page parameters', () => {
  it('takes a well-formed address and a sane width, nothing else', () => {
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect(exportParamsFrom(`?address=${address}&width=360`)).toEqual({ address, width: 360 });
    expect(exportParamsFrom(`?address=${address}&width=-1`)).toEqual({ address, width: undefined });
    expect(exportParamsFrom('?address=0x123')).toBeNull();
    expect(exportParamsFrom('')).toBeNull();
  });

  it('takes only #rgb / #rrggbb theme colours, so no value can inject CSS', () => {
    const query = new URLSearchParams('background=%23000000&foreground=red;x:y&accent=%23abc&accent_foreground=url(x)');
    const theme = exportThemeFrom((name) => query.get(name));
    expect(theme.background).toBe('#000000');
    expect(theme.accent).toBe('#abc');
    expect(theme.foreground).toBe('#111827');
    expect(theme.accentForeground).toBe('#ffffff');
  });
});
