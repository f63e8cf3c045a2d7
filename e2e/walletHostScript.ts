// What a script of the host page can do with the wallet frames (embeddedWallet.spec.ts): post them a signing
// request as the widget would, and mount a frame of its own.
import type { Page } from 'playwright-core';
import { stack } from './support.js';

/** What a host-page script got back from the wallet frames it posted a personal_sign to. */
export interface HostScriptSign {
  /** The frames the request went to. */
  frames: number;
  /** Every reply to the request: a signature in `data.result`, or an `error`. */
  replies: Array<{ data?: { result?: string }; error?: { type: string; message: string } }>;
}

/**
 * As a script of the host page would: posts `latch:wallet:rpc` personal_sign with `accessToken` to every
 * frame in the page matching `selector` (any origin), and collects the replies until one arrives or `waitMs`.
 */
export async function signFromHostScript(
  page: Page,
  request: { selector: string; accessToken: string; address: string; message: string },
  // Only a request that gets no reply waits this long: generous, for a busy machine.
  waitMs = 15_000,
): Promise<HostScriptSign> {
  return page.evaluate(
    ({ selector, accessToken, address, message, waitMs }) =>
      new Promise<HostScriptSign>((resolve) => {
        const frames = [...document.querySelectorAll<HTMLIFrameElement>(selector)];
        const id = `host-script:${Math.random().toString(36).slice(2)}`;
        const replies: HostScriptSign['replies'] = [];
        const finish = () => {
          window.removeEventListener('message', listen);
          resolve({ frames: frames.length, replies });
        };
        const listen = (event: MessageEvent) => {
          if ((event.data as { id?: unknown } | null)?.id !== id) return;
          replies.push(event.data);
          finish();
        };
        window.addEventListener('message', listen);
        const data = { accessToken, address, request: { method: 'personal_sign', params: [message, address] } };
        for (const frame of frames) frame.contentWindow?.postMessage({ id, event: 'latch:wallet:rpc', data }, '*');
        // No frame to ask: no reply can come, and nothing to wait for.
        if (frames.length === 0) finish();
        else setTimeout(finish, waitMs);
      }),
    { ...request, waitMs },
  );
}

/** As a host-page script would: mounts a new wallet frame for `appId` and waits for its ready announcement. */
export async function mountWalletFrame(page: Page, appId: string): Promise<void> {
  const src = `${stack().apiUrl}/apps/${appId}/embedded-wallets`;
  await page.evaluate(
    (src) =>
      new Promise<void>((resolve, reject) => {
        const frame = document.createElement('iframe');
        frame.src = src;
        frame.dataset.hostScript = 'true';
        const listen = (event: MessageEvent) => {
          if (event.source !== frame.contentWindow || event.data?.event !== 'latch:iframe:ready') return;
          window.removeEventListener('message', listen);
          resolve();
        };
        window.addEventListener('message', listen);
        setTimeout(() => reject(new Error('The mounted wallet frame never got ready.')), 15_000);
        document.body.append(frame);
      }),
    src,
  );
}
