import { describe, expect, it, vi } from 'vitest';
import { FIXTURE_ADDRESS as ADDRESS, setupEmbeddedWalletRuntime as setup } from './embeddedWalletRuntimeFixture.js';

describe('embedded wallet runtime: the sign request screen', () => {
  it("signs only after 'Sign and continue', shows Success, and closes after 1400 ms", async () => {
    const { clock, runtime, signed } = setup();
    const signature = runtime.provider.request({ method: 'personal_sign', params: ['hello', ADDRESS] });
    await vi.waitFor(() => expect(runtime.getState().signRequest).not.toBeNull());
    expect(runtime.getState().signRequest).toMatchObject({ kind: 'message', payload: 'hello', status: 'pending' });
    expect(signed).toEqual([]);
    runtime.approveSignRequest();
    expect(await signature).toBe('0x5157');
    expect(signed).toEqual(['hello']);
    expect(runtime.getState().signRequest?.status).toBe('success');
    await clock.advance(1399);
    expect(runtime.getState().signRequest).not.toBeNull();
    await clock.advance(1);
    expect(runtime.getState().signRequest).toBeNull();
  });

  it('rejects with 4001 when the user closes the screen, without signing', async () => {
    const { runtime, signed } = setup();
    const signature = runtime.provider.request({ method: 'personal_sign', params: ['hello', ADDRESS] });
    await vi.waitFor(() => expect(runtime.getState().signRequest).not.toBeNull());
    runtime.rejectSignRequest();
    await expect(signature).rejects.toMatchObject({ code: 4001, message: 'The user rejected the request.' });
    expect(signed).toEqual([]);
    expect(runtime.getState().signRequest).toBeNull();
  });

  it("shows SPEC's error text when signing fails, and reports the failure when closed", async () => {
    const failure = new Error('frame said no');
    const { clock, runtime } = setup({ sign: () => Promise.reject(failure) });
    const signature = runtime.provider.request({ method: 'personal_sign', params: ['hello', ADDRESS] });
    await vi.waitFor(() => expect(runtime.getState().signRequest).not.toBeNull());
    runtime.approveSignRequest();
    await clock.flush();
    expect(runtime.getState().signRequest).toMatchObject({
      status: 'error',
      error: 'wallet_error',
    });
    runtime.rejectSignRequest();
    await expect(signature).rejects.toBe(failure);
  });
});
