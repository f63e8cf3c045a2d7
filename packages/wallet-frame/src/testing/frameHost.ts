import type { ImportPrompt } from '../import/importPrompt.js';
import { createFrameRouter } from '../router.js';
import { type FrameApproval, frameRoutes } from '../wallet/frameRoutes.js';
import type { FrameWallet } from '../wallet/frameWallet.js';

/** A reply of the frame's router: the request's id with its data or its error. */
type FrameReply<Data = Record<string, unknown>> = {
  id: string;
  data?: Data;
  error?: { type: string; message: string };
};

/** Sends one request to the frame as its host page and resolves with the reply. */
type FrameHost<Data = Record<string, unknown>> = (event: string, data: unknown) => Promise<FrameReply<Data>>;

/** An app whose server config allows headless signing: the frame signs without its confirmation. */
export const HEADLESS: FrameApproval = {
  headless: true,
  gate: {
    confirm: () => Promise.reject(new Error('headless signing shows no confirmation')),
    clear() {},
  },
};

/**
 * The frame's router over `wallet`, driven as the host page drives it (postMessage in, reply by id):
 * the returned function sends one request and resolves with its reply. `approval` defaults to headless; `imports`
 * is the import form (none: imports are refused as not visible).
 */
export function frameHost<Data = Record<string, unknown>>(
  wallet: FrameWallet,
  approval: FrameApproval = HEADLESS,
  imports?: ImportPrompt,
): FrameHost<Data> {
  const posted: FrameReply<Data>[] = [];
  const listeners: ((e: MessageEvent) => void)[] = [];
  const parent = { postMessage: (m: unknown) => posted.push(m as FrameReply<Data>) };
  const self = {
    addEventListener: (_: 'message', l: (e: MessageEvent) => void) => listeners.push(l),
    removeEventListener: () => {},
  };
  createFrameRouter({
    self,
    parent,
    parentOrigin: 'https://host.example',
    routes: frameRoutes(wallet, approval, imports),
  }).start();
  let n = 0;
  return async (event, data) => {
    const id = `r${++n}`;
    for (const l of listeners)
      l({ data: { id, event, data }, origin: 'https://host.example', source: parent } as unknown as MessageEvent);
    for (let i = 0; i < 500 && !posted.some((p) => p.id === id); i++) await new Promise((r) => setTimeout(r, 10));
    return posted.find((p) => p.id === id) as FrameReply<Data>;
  };
}
