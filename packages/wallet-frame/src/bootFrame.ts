import { resolveParentOrigin } from './resolveParentOrigin.js';
import { createFrameRouter, type FrameWindow, isFramedOnce, type ParentWindow } from './router.js';
import { openDeviceShareStore } from './storage/deviceShareStore.js';
import { frameRoutes } from './wallet/frameRoutes.js';
import { FrameWallet } from './wallet/frameWallet.js';
import { createHttpCustodyApi } from './wallet/httpCustodyApi.js';

/** What the server renders into the frame page (as JSON data, never as script). */
export interface FrameConfig {
  appId: string;
  clientId?: string;
  /** The server's own origin, where the custody API lives. */
  apiUrl: string;
  allowedOrigins: string[];
}

/** The parts of `window` the frame boots from. */
export interface BootWindow extends FrameWindow {
  self: unknown;
  parent: ParentWindow;
  top: unknown;
  document: { referrer: string };
  location: { ancestorOrigins?: ArrayLike<string> };
  indexedDB: IDBFactory;
}

/** Why the frame did not start. */
export type BootRefusal = 'not_framed_once' | 'unknown_parent';

/**
 * Starts the wallet frame: refuses to run unless framed exactly once by an allowed origin, then
 * answers that origin's messages with the frame wallet. Returns the router, or why it refused.
 */
export async function bootFrame(win: BootWindow, config: FrameConfig): Promise<{ stop(): void } | BootRefusal> {
  if (!isFramedOnce(win)) return 'not_framed_once';
  const parentOrigin = resolveParentOrigin({
    allowedOrigins: config.allowedOrigins,
    referrer: win.document.referrer,
    ancestorOrigins: win.location.ancestorOrigins,
  });
  if (!parentOrigin) return 'unknown_parent';
  const api = createHttpCustodyApi({ apiUrl: config.apiUrl, appId: config.appId, clientId: config.clientId });
  const wallet = new FrameWallet(api, await openDeviceShareStore(win.indexedDB));
  const router = createFrameRouter({ self: win, parent: win.parent, parentOrigin, routes: frameRoutes(wallet) });
  router.start();
  return router;
}
