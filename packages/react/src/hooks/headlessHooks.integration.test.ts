import { createLatch, createLatchClient, type Latch, memoryStorage } from '@latch/core';
import { DEV_API } from '@latch/protocol';
import { type HttpTestServer, startHttpTestServer } from '@latch/server/testing';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LatchProvider } from '../LatchProvider.js';
import { useLoginWithEmail } from './useLoginWithEmail.js';
import { useLoginWithSiwe } from './useLoginWithSiwe.js';
import { useLoginWithSms } from './useLoginWithSms.js';
import { useLogout } from './useLogout.js';

// The headless hooks against the real server (PGlite, dev mode) over HTTP: nothing of ours is a stand-in.
// A hook is rendered once (server rendering, no DOM here) inside <LatchProvider latch>; its calls are then used
// as a host's own UI would use them, and the runtime's state shows what they did.
const PAGE = 'http://localhost:5173';
let server: HttpTestServer;
let apiUrl: string;
let appId: string;
let clientId: string;

beforeAll(async () => {
  server = await startHttpTestServer({ publicUrl: 'http://127.0.0.1' });
  ({ apiUrl } = server);
  ({ appId, clientId } = await server.createApp({
    name: 'Headless IT',
    config: { email_auth: true, sms_auth: true, wallet_auth: true },
    allowed_origins: [PAGE],
  }));
});

afterAll(async () => {
  await server?.close();
});

async function newLatch(): Promise<Latch> {
  const client = createLatchClient({
    appId,
    clientId,
    apiUrl,
    storage: memoryStorage(),
    location: { href: () => `${PAGE}/login`, replace: () => {} },
  });
  await client.init();
  return createLatch({ appId, clientId, client });
}

/** Renders `useHook` once inside the provider and hands back what it returned. */
function renderHook<T>(latch: Latch, useHook: () => T): T {
  let result: T | undefined;
  function Probe() {
    result = useHook();
    return null;
  }
  renderToString(createElement(LatchProvider, { latch }, createElement(Probe)));
  return result as T;
}

async function codeSentTo(recipient: string): Promise<string> {
  const messages: Array<{ recipient: string; code: string }> = await (await fetch(`${apiUrl}${DEV_API.outbox}`)).json();
  const message = messages.find((m) => m.recipient === recipient);
  if (!message) throw new Error(`no code was sent to ${recipient}`);
  return message.code;
}

const uniqueEmail = () => `headless-${crypto.randomUUID().slice(0, 8)}@example.com`;

describe('headless login hooks against the real server', () => {
  it('useLoginWithEmail: sends a code, logs in with it (a new user), calls onComplete; useLogout signs out', async () => {
    const latch = await newLatch();
    const onComplete = vi.fn();
    const email = uniqueEmail();
    const { state, sendCode, loginWithCode } = renderHook(latch, () => useLoginWithEmail({ onComplete }));
    expect(state).toEqual({ status: 'initial', error: null });
    await sendCode({ email });
    const result = await loginWithCode({ code: await codeSentTo(email) });
    expect(result.isNewUser).toBe(true);
    expect(result.user.email?.address).toBe(email);
    expect(onComplete).toHaveBeenCalledWith(result);
    expect(latch.client.getState().authenticated).toBe(true);

    const onSuccess = vi.fn();
    await renderHook(latch, () => useLogout({ onSuccess })).logout();
    expect(latch.client.getState().authenticated).toBe(false);
    expect(onSuccess).toHaveBeenCalledOnce();
  });

  it('useLoginWithEmail with disableSignup: an unknown address fails with signup_disabled and onError', async () => {
    const latch = await newLatch();
    const onError = vi.fn();
    const email = uniqueEmail();
    const { sendCode, loginWithCode } = renderHook(latch, () => useLoginWithEmail({ onError }));
    await sendCode({ email });
    const code = await codeSentTo(email);
    await expect(loginWithCode({ code, disableSignup: true })).rejects.toMatchObject({ code: 'signup_disabled' });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'signup_disabled' }));
    expect(latch.client.getState().authenticated).toBe(false);
  });

  it('useLoginWithEmail refuses a code before any was sent (invalid_data) and a wrong code (invalid_credentials)', async () => {
    const latch = await newLatch();
    const email = uniqueEmail();
    const hook = renderHook(latch, () => useLoginWithEmail());
    await expect(hook.loginWithCode({ code: '123456' })).rejects.toMatchObject({
      code: 'invalid_data',
      message: 'No auth flow in progress.',
    });
    await hook.sendCode({ email });
    const code = await codeSentTo(email);
    const wrong = code === '000000' ? '111111' : '000000';
    // SPEC §8 "SDK texts": invalid_credentials (and invalid_data, cannot_link_more_of_type) read so to the host.
    await expect(hook.loginWithCode({ code: wrong })).rejects.toMatchObject({
      code: 'invalid_credentials',
      message: 'Something went wrong. Try again.',
    });
    // The address is kept: the right code still logs in.
    await expect(hook.loginWithCode({ code })).resolves.toMatchObject({ isNewUser: true });
  });

  it('useLoginWithSms: sends a code to a phone number and logs in with it', async () => {
    const latch = await newLatch();
    const phoneNumber = `+1415555${String(1000 + Math.floor(Math.random() * 8999))}`;
    const { sendCode, loginWithCode } = renderHook(latch, () => useLoginWithSms());
    await sendCode({ phoneNumber });
    const result = await loginWithCode({ code: await codeSentTo(phoneNumber) });
    expect(result.user.phone?.number).toBe(phoneNumber);
    expect(latch.client.getState().authenticated).toBe(true);
  });

  it('useLoginWithSiwe: the message to sign, then the login with the wallet signature', async () => {
    const latch = await newLatch();
    const account = privateKeyToAccount(generatePrivateKey());
    const { generateSiweMessage, loginWithSiwe } = renderHook(latch, () => useLoginWithSiwe());
    const message = await generateSiweMessage({ address: account.address, chainId: 1 });
    expect(message).toContain(account.address);
    expect(message).toContain('localhost:5173');
    const signature = await account.signMessage({ message });
    const result = await loginWithSiwe({ message, signature, walletClientType: 'metamask', connectorType: 'injected' });
    expect(result.user.wallet?.address.toLowerCase()).toBe(account.address.toLowerCase());
    // A signature over another message is refused before any call.
    await expect(loginWithSiwe({ message: `${message}x`, signature })).rejects.toMatchObject({
      code: 'invalid_data',
      message: 'Something went wrong. Try again.',
    });
  });
});
