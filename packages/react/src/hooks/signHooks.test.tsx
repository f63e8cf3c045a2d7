import { createLatch, createLatchClient } from '@latch/core';
import { createFakeClock, createFakeFetch, serverAppConfig } from '@latch/core/testing';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LatchProvider } from '../LatchProvider.js';
import { useSendTransaction } from './useSendTransaction.js';
import { useSignMessage } from './useSignMessage.js';
import { useSignTransaction } from './useSignTransaction.js';
import { useSignTypedData } from './useSignTypedData.js';
import { rpcTransaction } from './useWalletForAddress.js';

const APP_ID = 'a'.repeat(25);
const STRANGER = '0x000000000000000000000000000000000000dEaD';

/** The four sign hooks, rendered once in a provider whose user has no wallet in this page. */
function signHooks(onError?: (event: string) => void, hookOnError?: (error: unknown) => void) {
  const { fetch } = createFakeFetch(() => ({ body: serverAppConfig(APP_ID, { email_auth: true }) }));
  const clock = createFakeClock();
  const client = createLatchClient({ appId: APP_ID, apiUrl: 'https://auth.example', fetch, clock });
  const latch = createLatch({ appId: APP_ID, clientId: 'client', client, clock, onError });
  let hooks = {} as ReturnType<typeof useSignMessage> &
    ReturnType<typeof useSignTypedData> &
    ReturnType<typeof useSendTransaction> &
    ReturnType<typeof useSignTransaction>;
  function Probe() {
    const callbacks = { onError: hookOnError };
    hooks = {
      ...useSignMessage(callbacks),
      ...useSignTypedData(callbacks),
      ...useSendTransaction(callbacks),
      ...useSignTransaction(callbacks),
    };
    return null;
  }
  renderToString(
    <LatchProvider latch={latch}>
      <Probe />
    </LatchProvider>,
  );
  return hooks;
}

describe('sign hooks: which wallet signs', () => {
  it('refuses an address of no wallet in this page with wallet_address_not_found, on every sign call', async () => {
    const { signMessage, signTypedData, sendTransaction, signTransaction } = signHooks();
    const options = { address: STRANGER };
    await expect(signMessage('hi', options)).rejects.toMatchObject({ code: 'wallet_address_not_found' });
    await expect(signTypedData({}, options)).rejects.toMatchObject({ code: 'wallet_address_not_found' });
    await expect(sendTransaction({ to: STRANGER, value: 1n }, options)).rejects.toMatchObject({
      code: 'wallet_address_not_found',
    });
    await expect(signTransaction({ to: STRANGER, value: 1n }, options)).rejects.toMatchObject({
      code: 'wallet_address_not_found',
    });
  });

  it('asks for the embedded wallet when no address is given and the user has none (embedded_wallet_not_found)', async () => {
    const { signTransaction } = signHooks();
    await expect(signTransaction({ to: STRANGER, value: 1n })).rejects.toMatchObject({
      code: 'embedded_wallet_not_found',
    });
  });

  it("tells the provider's onError and the hook's the SPEC §8 event its promise rejects with", async () => {
    const heard: string[] = [];
    const hookHeard: unknown[] = [];
    const { signMessage, sendTransaction } = signHooks(
      (event) => heard.push(event),
      (error) => hookHeard.push(error),
    );
    const rejected = await signMessage('hi').catch((error: unknown) => error);
    expect(rejected).toMatchObject({ code: 'embedded_wallet_not_found' });
    await expect(sendTransaction({ to: STRANGER, value: 1n })).rejects.toMatchObject({
      code: 'embedded_wallet_not_found',
    });
    expect(heard).toEqual(['embedded_wallet_not_found', 'embedded_wallet_not_found']);
    expect(hookHeard[0]).toBe(rejected);
  });

  it("writes an external wallet's transaction with its own from and hex quantities", () => {
    expect(rpcTransaction('0xabc', { to: STRANGER, value: 10n ** 16n, gas: 21000, data: '0x', type: 2 })).toEqual({
      from: '0xabc',
      to: STRANGER,
      value: '0x2386f26fc10000',
      gas: '0x5208',
      data: '0x',
      type: 2,
    });
  });
});
