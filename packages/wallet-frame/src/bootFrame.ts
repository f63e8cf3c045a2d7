import { type BootRefusal, type FrameConfig, frameParentOrigin } from '@latch/protocol/frame';
import { type ConfirmationSurface, createApprovalGate } from './approval/approvalGate.js';
import { deviceKeyLoader } from './device/deviceKey.js';
import { createImportPrompt, type ImportSurface } from './import/importPrompt.js';
import type { Argon2idParams } from './recovery/passwordRecovery.js';
import { createFrameRouter, type FrameWindow, type ParentWindow } from './router.js';
import { openDeviceShareStore } from './storage/deviceShareStore.js';
import { cookieSessionRoutes, cookieTokenReader } from './wallet/cookieSessionRoutes.js';
import { frameRoutes } from './wallet/frameRoutes.js';
import { FrameWallet } from './wallet/frameWallet.js';
import { createHttpCustodyApi } from './wallet/httpCustodyApi.js';
import { createTokenVerifier } from './wallet/tokenVerifier.js';

export type { BootRefusal, FrameConfig };

/** The parts of `window` the frame boots from. */
export interface BootWindow extends FrameWindow {
  self: unknown;
  parent: ParentWindow;
  top: unknown;
  document: { referrer: string };
  location: { ancestorOrigins?: ArrayLike<string> };
  indexedDB: IDBFactory;
}

// Without a document (unit tests): nothing can be shown, so nothing is approved.
const NO_SURFACE: ConfirmationSurface = {
  viewport: () => ({ width: 0, height: 0 }),
  onResize: () => () => {},
  show: () => ({ visible: () => false, hint() {}, remove() {} }),
};

/**
 * Starts the wallet frame: refuses to run unless framed exactly once by an allowed origin, then
 * answers that origin's messages with the frame wallet, whose signatures wait for a click on its
 * confirmation drawn on `surface` (unless the server's config allows headless signing) and whose imports
 * read the key from the form drawn on `importSurface`. Returns the router, or why it refused.
 */
export async function bootFrame(
  win: BootWindow,
  config: FrameConfig,
  surface: ConfirmationSurface = NO_SURFACE,
  importSurface?: ImportSurface,
): Promise<{ stop(): void } | BootRefusal> {
  const parentOrigin = frameParentOrigin(win, config);
  if (parentOrigin === 'not_framed_once' || parentOrigin === 'unknown_parent') return parentOrigin;
  const wallet = await openFrameWallet(win.indexedDB, config);
  const approval = { headless: config.headlessSigning === true, gate: createApprovalGate(surface) };
  const router = createFrameRouter({
    self: win,
    parent: win.parent,
    parentOrigin,
    // Cookie mode: where the host page sends COOKIE_ACCESS_TOKEN, the session cookie's token (docs/custody.md).
    routes: cookieSessionRoutes(
      frameRoutes(wallet, approval, importSurface && createImportPrompt(importSurface)),
      cookieTokenReader(config),
    ),
  });
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
  const cloud = { appId: config.appId, endpoints: config.cloud ?? {}, fetch: options.fetch };
  const store = await openDeviceShareStore(indexedDB);
  return new FrameWallet({ api, store, verifyToken, argon2: options.argon2, cloud });
}
