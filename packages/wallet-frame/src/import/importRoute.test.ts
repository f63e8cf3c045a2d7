import { APPROVAL } from '@latch/protocol';
import { WALLET_EVENT } from '@latch/protocol/frame';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { frameHost } from '../testing/frameHost.js';
import { emptyMemoryFrame, memoryFrame } from '../testing/memoryCustody.js';
import { createImportPrompt, type ImportFormContent, type ImportSurface } from './importPrompt.js';

/** A fake frame document: its viewport, the form it shows and the texts shown under the field. */
function fakeSurface(size = { width: 360, height: 420 }) {
  const resize: (() => void)[] = [];
  const form: { content?: ImportFormContent; submit?(typed: string): void; cancel?(): void; errors: string[] } = {
    errors: [],
  };
  let shown = 0;
  const surface: ImportSurface = {
    viewport: () => size,
    onResize(listener) {
      resize.push(listener);
      return () => resize.splice(resize.indexOf(listener), 1);
    },
    showImport(content, submit, cancel) {
      shown++;
      Object.assign(form, { content, submit, cancel });
      return { error: (text) => form.errors.push(text), remove() {} };
    },
  };
  const resizeTo = (width: number, height: number) => {
    Object.assign(size, { width, height });
    for (const l of [...resize]) l();
  };
  return { surface, form, shown: () => shown, resizeTo };
}

const tick = () => new Promise((r) => setTimeout(r, 20));
// Timers of the prompt that fire at once (the hidden frame's wait).
const instant = { now: () => 0, setTimeout: (run: () => void) => setTimeout(run, 0), clearTimeout: clearTimeout };

async function importing(surface: ImportSurface) {
  const frame = await emptyMemoryFrame();
  const host = frameHost(frame.wallet, undefined, createImportPrompt(surface, instant));
  return { ...frame, host };
}

describe('latch:wallet:import (the frame reads the key in its own form)', () => {
  it('keeps the form open on a malformed key, then imports a good one: the address is the key’s, no message holds it', async () => {
    const fake = fakeSurface();
    const { host, server } = await importing(fake.surface);
    const reply = host(WALLET_EVENT.walletImport, { accessToken: 'alice1', display: { locale: 'es' } });
    await tick();
    expect(fake.form.content?.text.title).toBe('Importar billetera');
    fake.form.submit?.('0x1234');
    await tick();
    expect(fake.form.errors).toEqual([fake.form.content?.text.invalidKey]);
    expect(server.calls).toEqual(['getWallet']);
    const key = generatePrivateKey();
    fake.form.submit?.(key.slice(2));
    const answer = await reply;
    expect(answer.data).toEqual({ address: privateKeyToAccount(key).address, recoveryMethod: 'latch' });
    expect(server.calls).toContain('importWallet');
    expect(JSON.stringify(answer).toLowerCase()).not.toContain(key.slice(2).toLowerCase());
  });

  it('refuses a user who already has a wallet before showing anything', async () => {
    const fake = fakeSurface();
    const { wallet } = await memoryFrame();
    const host = frameHost(wallet, undefined, createImportPrompt(fake.surface, instant));
    const reply = await host(WALLET_EVENT.walletImport, { accessToken: 'alice1' });
    expect(reply.error).toEqual({ type: 'error', message: 'Only one embedded wallet per user is currently allowed.' });
    expect(fake.shown()).toBe(0);
  });

  it('a script posting to the hidden 0×0 frame gets approval_not_visible; the host cannot pass a key in', async () => {
    const fake = fakeSurface({ width: 0, height: 0 });
    const { host, server } = await importing(fake.surface);
    const key = generatePrivateKey();
    const reply = await host(WALLET_EVENT.walletImport, { accessToken: 'alice1', privateKey: key, key });
    expect(reply.error?.type).toBe('approval_not_visible');
    expect(fake.shown()).toBe(0);
    expect(server.calls).not.toContain('importWallet');
    expect(APPROVAL.viewportWaitMs).toBe(1000);
  });

  it('a key the host posts along is ignored: only the typed key is imported, after the user submits it', async () => {
    const fake = fakeSurface();
    const { host, server } = await importing(fake.surface);
    const planted = generatePrivateKey();
    const reply = host(WALLET_EVENT.walletImport, { accessToken: 'alice1', privateKey: planted, key: planted });
    await tick();
    expect(server.calls).not.toContain('importWallet');
    const typed = generatePrivateKey();
    fake.form.submit?.(typed);
    const { data } = await reply;
    expect((data as { address: string }).address).toBe(privateKeyToAccount(typed).address);
  });

  it('Cancel, the widget closing its screen (0×0) and latch:wallet:clear end the form with nothing imported', async () => {
    for (const end of ['cancel', 'close', 'clear'] as const) {
      const fake = fakeSurface();
      const { host, server } = await importing(fake.surface);
      const reply = host(WALLET_EVENT.walletImport, { accessToken: 'alice1' });
      await tick();
      if (end === 'cancel') fake.form.cancel?.();
      if (end === 'close') fake.resizeTo(0, 0);
      if (end === 'clear') await host(WALLET_EVENT.walletClear, {});
      expect((await reply).error?.type).toBe('approval_rejected');
      expect(server.calls).not.toContain('importWallet');
    }
  });

  it('the imported wallet unlocks like any other, from this device share and the server’s auth share', async () => {
    const fake = fakeSurface();
    const { host, server, wallet } = await importing(fake.surface);
    const reply = host(WALLET_EVENT.walletImport, { accessToken: 'alice1' });
    await tick();
    const key = generatePrivateKey();
    fake.form.submit?.(key);
    const { data } = await reply;
    const address = (data as { address: `0x${string}` }).address;
    // The device share and the server's auth share rebuild it: sign with it like any wallet.
    const unlocked = await wallet.unlockedWallet('alice1', address);
    expect(unlocked.privateKey).toBe(key);
    expect(server.calls.filter((c) => c === 'importWallet')).toHaveLength(1);
  });
});
