import type { Eip6963ProviderInfo } from '../eip1193.js';
import { isProviderRpcError } from '../eip1193Guards.js';
import type { FakeEip1193Provider } from './fakeEip1193Provider.js';

/** The part of a Playwright page the test wallet needs (structural, so core needs no Playwright types). */
export interface TestWalletPage {
  addInitScript(script: { content: string }): Promise<unknown>;
  exposeFunction(name: string, callback: (...args: never[]) => unknown): Promise<unknown>;
}

type Answer = { result: unknown } | { error: { code: number; message: string } };

/**
 * Injects an EIP-6963 wallet into every document of `page`: it announces `info`, and each request goes to
 * `provider` in Node (a fake third-party wallet that signs with a real viem key), so the test can script
 * answers (`provider.script('personal_sign', { errorCode: 4001 })`) and read `provider.calls`.
 */
export async function installTestWallet(
  page: TestWalletPage,
  provider: FakeEip1193Provider,
  info: Eip6963ProviderInfo,
  bridgeName = '__latchTestWallet',
): Promise<void> {
  await page.exposeFunction(bridgeName, async (method: string, params: unknown[]): Promise<Answer> => {
    try {
      return { result: await provider.request({ method, params }) };
    } catch (error) {
      if (isProviderRpcError(error)) return { error: { code: error.code, message: error.message } };
      return { error: { code: -32603, message: String(error) } };
    }
  });
  await page.addInitScript({ content: pageScript(bridgeName, info) });
}

/** The in-page half: an EIP-1193 object that forwards to the bridge and announces itself over EIP-6963. */
function pageScript(bridgeName: string, info: Eip6963ProviderInfo): string {
  return `(() => {
  const bridge = (...args) => window[${JSON.stringify(bridgeName)}](...args);
  const listeners = new Map();
  const provider = {
    async request({ method, params }) {
      const answer = await bridge(method, Array.isArray(params) ? params : params === undefined ? [] : [params]);
      if ('error' in answer) {
        const error = new Error(answer.error.message);
        error.code = answer.error.code;
        throw error;
      }
      return answer.result;
    },
    on(event, listener) { listeners.set(event, (listeners.get(event) || new Set()).add(listener)); return provider; },
    removeListener(event, listener) { listeners.get(event)?.delete(listener); return provider; },
  };
  const detail = Object.freeze({ info: Object.freeze(${JSON.stringify(info)}), provider });
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
})();`;
}
