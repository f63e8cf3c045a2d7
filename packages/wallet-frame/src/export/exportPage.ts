import { COOKIE_ACCESS_TOKEN } from '@latch/protocol';
import { frameParentOrigin } from '@latch/protocol/frame';
import { type BootRefusal, type BootWindow, type FrameConfig, openFrameWallet } from '../bootFrame.js';
import { cookieTokenReader } from '../wallet/cookieSessionRoutes.js';
import { createExportRouter, type ExportView } from './exportRouter.js';

/** What the export page reads from its own address (SPEC §7 query parameters). */
interface ExportParams {
  address: string;
  width?: number;
}

/** The export page's parameters from its query string, or null without a well-formed address. */
export function exportParamsFrom(search: string): ExportParams | null {
  const query = new URLSearchParams(search);
  const address = query.get('address') ?? '';
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return null;
  const width = Number(query.get('width'));
  return { address, width: Number.isInteger(width) && width > 0 && width <= 2000 ? width : undefined };
}

/**
 * Starts the export page: like the wallet frame, it runs only framed once by an allowed origin; it
 * then waits for the host's access token, asks for the step-up code and shows the key through `view`.
 * It shares the wallet frame's origin, hence its device key and device shares.
 */
export async function bootExportPage(
  win: BootWindow,
  config: FrameConfig,
  params: ExportParams,
  view: ExportView,
): Promise<{ stop(): void } | BootRefusal> {
  const parentOrigin = frameParentOrigin(win, config);
  if (parentOrigin === 'not_framed_once' || parentOrigin === 'unknown_parent') return parentOrigin;
  const frameWallet = await openFrameWallet(win.indexedDB, config);
  const readToken = cookieTokenReader(config);
  // Cookie mode: the host page sends COOKIE_ACCESS_TOKEN, the page reads the session cookie's token itself.
  const wallet = {
    startExport: async (token: string, address: `0x${string}`) =>
      frameWallet.startExport(token === COOKIE_ACCESS_TOKEN ? await readToken() : token, address),
  };
  const router = createExportRouter({
    self: win,
    parent: win.parent,
    parentOrigin,
    address: params.address,
    wallet,
    view,
  });
  router.start();
  return router;
}
