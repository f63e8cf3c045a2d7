import { describe, expect, it, vi } from 'vitest';
import { FIXTURE_ADDRESS as ADDRESS, setupEmbeddedWalletRuntime as setup } from './embeddedWalletRuntimeFixture.js';

describe('noPromptOnSignature', () => {
  it('host option set on a headless-signing app: signs at once, no sign request screen', async () => {
    const { runtime, signed } = setup({ hostOption: true, headless: true });
    const seen: unknown[] = [];
    runtime.subscribe(() => seen.push(runtime.getState().signRequest));
    expect(await runtime.provider.request({ method: 'personal_sign', params: ['hello', ADDRESS] })).toBe('0x5157');
    expect(signed).toEqual(['hello']);
    expect(seen.filter(Boolean)).toEqual([]);
  });

  it("unset by the host: the app config's value decides; the host's false wins over the config", async () => {
    const fromConfig = setup({ configOption: true, headless: true });
    expect(await fromConfig.runtime.provider.request({ method: 'personal_sign', params: ['a', ADDRESS] })).toBe(
      '0x5157',
    );
    expect(fromConfig.runtime.getState().signRequest).toBeNull();

    const hostSaysPrompt = setup({ hostOption: false, configOption: true, headless: true });
    const pending = hostSaysPrompt.runtime.provider.request({ method: 'personal_sign', params: ['b', ADDRESS] });
    await vi.waitFor(() => expect(hostSaysPrompt.runtime.getState().signRequest).not.toBeNull());
    expect(hostSaysPrompt.runtime.getState().signRequest).toMatchObject({ payload: 'b', status: 'pending' });
    expect(hostSaysPrompt.signed).toEqual([]);
    hostSaysPrompt.runtime.rejectSignRequest();
    await expect(pending).rejects.toMatchObject({ code: 4001 });
  });

  it('issue #24: without headless signing in the app config, noPromptOnSignature still shows the frame confirmation', async () => {
    const { runtime, signed } = setup({ hostOption: true, headless: false });
    const pending = runtime.provider.request({ method: 'personal_sign', params: ['c', ADDRESS] });
    await vi.waitFor(() => expect(runtime.getState().signRequest).not.toBeNull());
    expect(runtime.getState().signRequest).toMatchObject({ payload: 'c', status: 'pending' });
    expect(signed).toEqual([]);
    runtime.rejectSignRequest();
    await expect(pending).rejects.toMatchObject({ code: 4001 });
  });
});
