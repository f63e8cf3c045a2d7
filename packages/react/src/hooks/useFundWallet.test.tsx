import { createLatch, createLatchClient } from '@latch/core';
import { createFakeClock, createFakeFetch, serverAppConfig } from '@latch/core/testing';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LatchProvider } from '../LatchProvider.js';
import { useFundWallet } from './useFundWallet.js';

const APP_ID = 'a'.repeat(25);

/** useFundWallet rendered once in a provider over a real latch (fake server and clock). */
async function fundWalletHook() {
  const { fetch } = createFakeFetch(() => ({
    body: serverAppConfig(APP_ID, { email_auth: true, fiat_on_ramp_enabled: true }),
  }));
  const clock = createFakeClock();
  const client = createLatchClient({ appId: APP_ID, apiUrl: 'https://auth.example', fetch, clock });
  await client.init();
  const latch = createLatch({ appId: APP_ID, clientId: 'client', client, clock });
  let hook: ReturnType<typeof useFundWallet> | null = null;
  function Probe() {
    hook = useFundWallet();
    return null;
  }
  renderToString(
    <LatchProvider latch={latch}>
      <Probe />
    </LatchProvider>,
  );
  if (!hook) throw new Error('the probe did not render');
  return { hook: hook as ReturnType<typeof useFundWallet>, latch };
}

describe('useFundWallet', () => {
  it("is the Latch object's fundWallet: it refuses a signed-out page clearly and opens no screen", async () => {
    const { hook, latch } = await fundWalletHook();
    expect(hook.fundWallet).toBe(latch.fundWallet);
    await expect(hook.fundWallet()).rejects.toMatchObject({ code: 'must_be_authenticated' });
    expect(latch.embeddedWallet.getState().funding).toBeNull();
  });
});
