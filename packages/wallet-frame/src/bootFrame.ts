import { deviceKeyLoader } from './device/deviceKey.js';
import type { Argon2idParams } from './recovery/passwordRecovery.js';
import { resolveParentOrigin } from './resolveParentOrigin.js';
import { createFrameRouter, type FrameWindow, isFramedOnce, type ParentWindow } from './router.js';
import { openDeviceShareStore } from './storage/deviceShareStore.js';
import { frameRoutes } from './wallet/frameRoutes.js';
import { FrameWallet } from './wallet/frameWallet.js';
import { createHttpCustodyApi } from './wallet/httpCustodyApi.js';
import { createTokenVerifier } from './wallet/tokenVerifier.js';

/** What the server renders into the frame page (as JSON data, never as script). */
export interface FrameConfig {
  appId: string;
  clientId?: string;
  /** The server's own origin, where the custody API and the app's JWKS live. */
  apiUrl: string;
  /** The server's public URL: the `iss` of the access tokens the frame accepts. */
  issuer: string;
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
  const wallet = await openFrameWallet(win.indexedDB, config);
  const router = createFrameRouter({ self: win, parent: win.parent, parentOrigin, routes: frameRoutes(wallet) });
  router.start();
  return router;
}

/** The frame wallet of a page (wallet frame or export page): its device key, custody client and token check. */
export async function openFrameWallet(
  indexedDB: IDBFactory,
  config: FrameConfig,
  options: { fetch?: typeof fetch; argon2?: Argon2idParams } = {},
): Promise<FrameWallet> {
  const api = createHttpCustodyApi({
    apiUrl: config.apiUrl,
    appId: config.appId,
    clientId: config.clientId,
    deviceKey: deviceKeyLoader(indexedDB),
    fetch: options.fetch,
  });
  const verifyToken = createTokenVerifier({
    apiUrl: config.apiUrl,
    appId: config.appId,
    issuer: config.issuer,
    fetch: options.fetch,
  });
  return new FrameWallet({ api, store: await openDeviceShareStore(indexedDB), verifyToken, argon2: options.argon2 });
}
