import { createLatch, createLatchClient } from '@latch/core';
import { createFakeClock, createFakeFetch, serverAppConfig } from '@latch/core/testing';
import type { LatchError } from '@latch/protocol';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { LatchProvider } from '../LatchProvider.js';
import { type CreateWalletCallbacks, useCreateWallet } from './useCreateWallet.js';

const APP_ID = 'a'.repeat(25);

describe('useCreateWallet', () => {
  it('refuses a signed-out page with must_be_authenticated: the provider and the hook hear it', async () => {
    const { fetch } = createFakeFetch(() => ({ body: serverAppConfig(APP_ID, { email_auth: true }) }));
    const clock = createFakeClock();
    const client = createLatchClient({ appId: APP_ID, apiUrl: 'https://auth.example', fetch, clock });
    await client.init();
    const providerError = vi.fn();
    const latch = createLatch({ appId: APP_ID, clientId: 'client', client, clock, onError: providerError });
    const heard: LatchError[] = [];
    const callbacks: CreateWalletCallbacks = { onError: (error) => heard.push(error) };
    let hook: ReturnType<typeof useCreateWallet> | null = null;
    function Probe() {
      hook = useCreateWallet(callbacks);
      return null;
    }
    renderToString(
      <LatchProvider latch={latch}>
        <Probe />
      </LatchProvider>,
    );
    if (!hook) throw new Error('the probe did not render');
    await expect((hook as ReturnType<typeof useCreateWallet>).createWallet()).rejects.toMatchObject({
      code: 'must_be_authenticated',
    });
    expect(heard.map((e) => e.code)).toEqual(['must_be_authenticated']);
    expect(providerError).toHaveBeenCalledWith('must_be_authenticated', heard[0]);
    expect(latch.embeddedWallet.getState().connection).toBeNull();
    latch.destroy();
  });
});
