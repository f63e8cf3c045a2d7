import { LatchError } from '@latch/protocol';
import { WALLET_EVENT } from '@latch/protocol/frame';
import { describe, expect, it } from 'vitest';
import { EXPORT_PAGE_TEXT } from '../frameTexts.js';
import { CustodyError } from '../keys/custodyError.js';
import { deriveWallet } from '../keys/deriveWallet.js';
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

interface Shown {
  keys: string[];
  errors: string[];
  prompts: string[];
  submit?: (code: string) => Promise<string | null>;
}

async function setup(
  options: { start?: () => Promise<void>; verify?: (code: string) => Promise<void>; steppedUp?: boolean } = {},
) {
  const derived = await deriveWallet(new Uint8Array(32));
  const w = windows();
  const shown: Shown = { keys: [], errors: [], prompts: [] };
  const tokens: string[] = [];
  const codes: string[] = [];
  const wallet: ExportWallet = {
    startExport: async (token) => {
      tokens.push(token);
      await options.start?.();
      return {
        destination: options.steppedUp ? null : 'a•••@example.com',
        verify: async (code) => {
          codes.push(code);
          await options.verify?.(code);
          return derived;
        },
      };
    },
  };
  createExportRouter({
    self: w.self,
    parent: w.parent,
    parentOrigin: PARENT,
    address: derived.address,
    wallet,
    view: {
      text: EXPORT_PAGE_TEXT,
      askCode: (destination, submit) => {
        shown.prompts.push(destination);
        shown.submit = submit;
      },
      showKey: ({ privateKey }) => shown.keys.push(privateKey),
      showError: (text) => shown.errors.push(text),
    },
  }).start();
  return { derived, w, shown, tokens, codes };
}

const connect = (address: string, id = 'c1') => ({
  id,
  event: WALLET_EVENT.walletConnect,
  data: { accessToken: 'token-1', address },
});

describe('key export page router', () => {
  it('asks for the step-up code in the page, shows the key only after it checks out, and never posts it', async () => {
    const { derived, w, shown, tokens, codes } = await setup({
      verify: async (code) => {
        if (code !== '123456') throw new LatchError('invalid_credentials');
      },
    });
    w.send(connect(derived.address));
    await settle();
    expect(tokens).toEqual(['token-1']);
    expect(shown.prompts).toEqual(['a•••@example.com']);
    expect(shown.keys).toEqual([]);
    const submit = shown.submit as NonNullable<Shown['submit']>;
    expect(await submit('12345')).toBe(EXPORT_PAGE_TEXT.codeFormat);
    expect(await submit('654321')).toBe(EXPORT_PAGE_TEXT.wrongCode);
    expect(shown.keys).toEqual([]);
    expect(await submit('123456')).toBeNull();
    expect(codes).toEqual(['654321', '123456']);
    expect(shown.keys).toEqual([derived.privateKey]);
    expect(w.posted.map((p) => p.message)).toEqual([
      { id: 'latch:ready', event: WALLET_EVENT.ready, data: { ready: true } },
      { id: 'c1', event: WALLET_EVENT.walletConnect, data: { address: derived.address } },
    ]);
    expect(w.posted.every((p) => p.targetOrigin === PARENT)).toBe(true);
    expect(JSON.stringify(w.posted)).not.toContain(derived.privateKey.slice(2));
  });

  it('shows the key with no code when a step-up already released the share, and never posts it', async () => {
    const { derived, w, shown } = await setup({ steppedUp: true });
    w.send(connect(derived.address));
    await settle();
    expect(shown.prompts).toEqual([]);
    expect(shown.keys).toEqual([derived.privateKey]);
    expect(w.posted.map((p) => p.message)).toEqual([
      { id: 'latch:ready', event: WALLET_EVENT.ready, data: { ready: true } },
      { id: 'c1', event: WALLET_EVENT.walletConnect, data: { address: derived.address } },
    ]);
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
    expect(shown.keys).toEqual([]);
    expect(shown.errors).toEqual([EXPORT_PAGE_TEXT.error]);
    expect(w.posted[1]?.message).toMatchObject({ id: 'c2', error: { type: 'error' } });
  });

  it('shows clear texts in the page: no verified channel, too many requests, missing device share', async () => {
    const cases: [Error, string][] = [
      [new LatchError('no_verified_channel'), EXPORT_PAGE_TEXT.noVerifiedChannel],
      [new LatchError('too_many_requests'), EXPORT_PAGE_TEXT.tooManyRequests],
      [new CustodyError('device_share_missing', 'none'), EXPORT_PAGE_TEXT.notOnDevice],
      [new CustodyError('address_mismatch', 'The shares do not rebuild this wallet'), EXPORT_PAGE_TEXT.error],
    ];
    for (const [error, text] of cases) {
      const { derived, w, shown } = await setup({
        start: async () => {
          throw error;
        },
      });
      w.send(connect(derived.address));
      await settle();
      expect(shown).toMatchObject({ keys: [], prompts: [], errors: [text] });
      expect(w.posted[1]?.message).toMatchObject({ id: 'c1', error: {} });
    }
  });

  it('shows no key when the rebuilt key fails the address check (tampered share)', async () => {
    const { derived, w, shown } = await setup({
      verify: async () => {
        throw new CustodyError('address_mismatch', 'The shares do not rebuild the stored address.');
      },
    });
    w.send(connect(derived.address));
    await settle();
    expect(await shown.submit?.('123456')).toBe(EXPORT_PAGE_TEXT.error);
    expect(shown.keys).toEqual([]);
  });

  it('without an MFA verification for export: replies missing_or_invalid_mfa, shows no code field and no key', async () => {
    let verified = false;
    const { derived, w, shown, tokens } = await setup({
      start: async () => {
        // The server's …/export/init takes the verification record; without one it answers 401.
        if (!verified) throw new LatchError('missing_or_invalid_mfa', 'a server text that must not pass');
      },
    });
    w.send(connect(derived.address));
    await settle();
    expect(shown).toMatchObject({ keys: [], prompts: [], errors: [EXPORT_PAGE_TEXT.mfaRequired] });
    expect(w.posted[1]?.message).toEqual({
      id: 'c1',
      event: WALLET_EVENT.walletConnect,
      error: { type: 'missing_or_invalid_mfa', message: 'MFA verification failed, retry.' },
    });
    // After the host's MFA prompt, connecting again starts the step-up.
    verified = true;
    w.send(connect(derived.address, 'c2'));
    await settle();
    expect(tokens).toEqual(['token-1', 'token-1']);
    expect(shown.prompts).toEqual(['a•••@example.com']);
    expect(w.posted[2]?.message).toMatchObject({ id: 'c2', data: { address: derived.address } });
  });

  it('maps a missing device share to wallet_not_on_device for the host', async () => {
    const { derived, w } = await setup({
      start: async () => {
        throw new LatchError('wallet_not_on_device');
      },
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
