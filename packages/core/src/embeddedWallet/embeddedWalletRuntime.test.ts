import { SIGN_TEXT_MAX } from '@latch/protocol';
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

  it("takes the host's title, description and button text for one call to the screen and the frame's confirmation", async () => {
    const { runtime, signed, displays } = setup();
    const texts = { title: 'Log in to Acme', description: 'Proves you own this wallet.', buttonText: 'Sign in' };
    const signature = runtime.provider.signMessage('hello', texts);
    await vi.waitFor(() => expect(runtime.getState().signRequest).not.toBeNull());
    expect(runtime.getState().signRequest).toMatchObject({ kind: 'message', payload: 'hello', uiOptions: texts });
    runtime.approveSignRequest({ locale: 'es' });
    expect(await signature).toBe('0x5157');
    expect(signed).toEqual(['hello']);
    // The frame's confirmation is labelled with them (display hints), beside the widget's own hints.
    expect(displays).toEqual([{ locale: 'es', ...texts }]);
  });

  it('typed data takes them too; a text over its cap is cut, an empty one leaves the default; the next call has none', async () => {
    const { clock, runtime, displays } = setup();
    const typed = { domain: {}, types: {}, primaryType: 'Mail', message: {} };
    const long = 'x'.repeat(SIGN_TEXT_MAX.title + 10);
    const first = runtime.provider.signTypedData(typed, { title: long, description: '  ' });
    await vi.waitFor(() => expect(runtime.getState().signRequest).not.toBeNull());
    expect(runtime.getState().signRequest?.uiOptions).toEqual({ title: long.slice(0, SIGN_TEXT_MAX.title) });
    runtime.approveSignRequest();
    await first;
    await clock.advance(1400);
    const second = runtime.provider.request({ method: 'personal_sign', params: ['again', ADDRESS] });
    await vi.waitFor(() => expect(runtime.getState().signRequest?.payload).toBe('again'));
    expect(runtime.getState().signRequest?.uiOptions).toEqual({});
    runtime.approveSignRequest({ locale: 'en' });
    await second;
    expect(displays).toEqual([{ title: long.slice(0, SIGN_TEXT_MAX.title) }, { locale: 'en' }]);
  });
});
