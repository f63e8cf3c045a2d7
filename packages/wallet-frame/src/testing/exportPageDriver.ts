import { LatchError } from '@latch/protocol';
import { WALLET_EVENT } from '@latch/protocol/frame';
import { createExportRouter } from '../export/exportRouter.js';
import { EXPORT_PAGE_TEXT } from '../frameTexts.js';

/** The export page (its own FrameWallet over the frame's IndexedDB, so the same device key) driven as its host. */
export function exportPage(wallet: Parameters<typeof createExportRouter>[0]['wallet'], address: string) {
  const listeners: ((e: MessageEvent) => void)[] = [];
  const posted: { id: string; data?: unknown; error?: unknown }[] = [];
  const parent = { postMessage: (m: unknown) => posted.push(m as (typeof posted)[number]) };
  const shown = { errors: [] as string[], prompts: [] as string[], keys: [] as string[] };
  createExportRouter({
    self: { addEventListener: (_, l) => listeners.push(l), removeEventListener: () => {} },
    parent,
    parentOrigin: 'https://host.example',
    address,
    wallet,
    view: {
      text: EXPORT_PAGE_TEXT,
      askCode: (destination) => shown.prompts.push(destination),
      showKey: ({ privateKey }) => shown.keys.push(privateKey),
      showError: (text) => shown.errors.push(text),
    },
  }).start();
  return {
    shown,
    connect(accessToken: string, id: string) {
      const data = { id, event: WALLET_EVENT.walletConnect, data: { accessToken, address } };
      for (const l of listeners) l({ data, origin: 'https://host.example', source: parent } as unknown as MessageEvent);
    },
    async settled(id: string) {
      for (let i = 0; i < 500 && !posted.some((p) => p.id === id); i++) await new Promise((r) => setTimeout(r, 10));
      if (!posted.some((p) => p.id === id)) throw new LatchError('internal_error', `no reply to ${id}`);
    },
    reply: (id: string) => posted.find((p) => p.id === id),
  };
}
