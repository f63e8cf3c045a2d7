import { fileURLToPath } from 'node:url';
import type { CloudEndpoints } from '@latch/protocol/cloudBackup';
import { FRAME_CONFIG_ELEMENT_ID, FRAME_PATH, FRAME_SCRIPT, type FrameConfig } from '@latch/protocol/frame';
import { requestCookieSite } from '../../identity/http/sessionCookies.js';
import type { Settings } from '../../kernel/config/config.js';
import type { DependencyProbe } from '../../kernel/dependencies/DependencyWatch.js';
import type { LatchContext, RouteDef } from '../../kernel/http/env.js';
import { chooseEncoding, type FrameAsset, FrameAssets, HASHED_SCRIPT } from './frameAssets.js';
import { frameSecurityHeaders } from './frameSecurityHeaders.js';

/**
 * The frame bundle this server serves unless LATCH_FRAME_DIR says otherwise. Run from source (a checkout: this
 * file is .ts), it is what `node packages/wallet-frame/build.mjs` writes; a built server (the package's bundle in
 * dist/) serves the copy its build shipped in dist/frame.
 */
const DEFAULT_FRAME_DIR = fileURLToPath(
  import.meta.url.endsWith('.ts')
    ? new URL('../../../../wallet-frame/dist', import.meta.url)
    : new URL('./frame', import.meta.url),
);

// One reader per directory: the built scripts do not change while the server runs.
const readers = new Map<string, FrameAssets>();
function frameAssets(c: LatchContext): FrameAssets {
  return frameAssetsIn(frameDir(c.get('ctx').settings));
}
function frameAssetsIn(dir: string): FrameAssets {
  let reader = readers.get(dir);
  if (!reader) {
    reader = new FrameAssets(dir);
    readers.set(dir, reader);
  }
  return reader;
}

const NOT_BUILT = 'The wallet frame is not built: run node packages/wallet-frame/build.mjs.';
/** A year: the longest `max-age` caches honour; a hashed name never changes its bytes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const frameDir = (settings: Settings) => settings.frameDir ?? DEFAULT_FRAME_DIR;

/**
 * Readiness of the frame assets: the build's manifest and scripts load. Required outside dev mode (an
 * instance without them cannot serve a wallet); in dev mode reported only (the developer may build meanwhile).
 */
export function frameReadiness(settings: Settings): DependencyProbe {
  return {
    name: 'frame',
    required: !settings.dev,
    check: async () => {
      await frameAssetsIn(frameDir(settings)).current(FRAME_SCRIPT.wallet);
    },
  };
}

// JSON inside <script type="application/json">: '<' escaped so no value can close the element.
const jsonForHtml = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

function framePage(config: FrameConfig, script: { path: string; integrity: string }, title = 'Latch wallet'): string {
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${title}</title>`,
    `<script type="application/json" id="${FRAME_CONFIG_ELEMENT_ID}">${jsonForHtml(config)}</script>`,
    // The integrity pins the bytes this no-store page expects: a copy cached as immutable while the server served
    // other bytes under the same name (a compromise, since mended) is refused rather than run for a year.
    `<script type="module" src="${script.path}" integrity="${script.integrity}"></script>`,
    '</head><body></body></html>',
  ].join('');
}

/** The app of the page's path (`resolveApp`), when it exists. */
const knownApp = (c: LatchContext) => (c.get('appSource') === 'path' ? c.get('app') : undefined);

/** Google's API base when LATCH_GOOGLE_DRIVE_API_URL is unset (docs/cloud-backup.md). */
const GOOGLE_APIS = 'https://www.googleapis.com';

/** The clouds the app's users may back up to (its `user_owned_recovery_options`, CloudKit only when configured). */
function cloudEndpoints(settings: Settings, options: readonly string[] | undefined): CloudEndpoints | undefined {
  const ck = settings.cloudKit;
  const cloud: CloudEndpoints = {
    ...(options?.includes('google-drive') ? { driveApiUrl: settings.googleDriveApiUrl ?? GOOGLE_APIS } : {}),
    ...(options?.includes('icloud') && ck
      ? { cloudKit: { apiUrl: ck.apiUrl, container: ck.container, environment: ck.environment } }
      : {}),
  };
  return cloud.driveApiUrl || cloud.cloudKit ? cloud : undefined;
}

/** The frame config of an app, as the wallet frame and the export page read it. */
function frameConfig(
  c: LatchContext,
  app: {
    id: string;
    clientIds: string[];
    allowedOrigins: string[];
    config: { embedded_wallet_config: { headless_signing: boolean; user_owned_recovery_options?: string[] } };
  },
): FrameConfig {
  const clientId = c.req.query('client_id');
  const cloud = cloudEndpoints(c.get('ctx').settings, app.config.embedded_wallet_config.user_owned_recovery_options);
  return {
    appId: app.id,
    // A client id of another app is dropped rather than sent with every custody call.
    clientId: clientId && app.clientIds.includes(clientId) ? clientId : undefined,
    // Cookie mode (docs/custody.md "Cookie mode"): the page came to the app's own API host, whose cookies it uses.
    apiUrl: new URL((requestCookieSite(c) && c.get('app')?.config.custom_api_url) || c.get('ctx').settings.publicUrl)
      .origin,
    // The `iss` of the app's access tokens: the frame verifies every token it is handed (docs/custody.md).
    issuer: c.get('ctx').settings.publicUrl,
    allowedOrigins: app.allowedOrigins,
    // The server's setting, never the host's; the frame signs without its confirmation only then.
    headlessSigning: app.config.embedded_wallet_config.headless_signing === true,
    ...(cloud ? { cloud } : {}),
  };
}

/**
 * A page route: the app's frame config and its hashed bundle, under the frame's headers; unknown app: 404 nobody may
 * frame. `compilesWasm`: the page derives the password key with Argon2id in WebAssembly (the wallet frame only).
 */
function pageRoute(path: string, script: string, options: { title?: string; compilesWasm?: boolean } = {}): RouteDef {
  return {
    method: 'get',
    path,
    handler: async (c) => {
      const app = knownApp(c);
      if (!app) {
        return c.html('<!doctype html><title>Not found</title>', 404, frameSecurityHeaders({ allowedOrigins: null }));
      }
      let asset: FrameAsset;
      try {
        asset = await frameAssets(c).current(script);
      } catch {
        return c.text(NOT_BUILT, 503, { 'cache-control': 'no-store' });
      }
      const config = frameConfig(c, app);
      // The frame talks to the user's cloud itself: only the clouds this app offers join its connect-src.
      const cloudUrls = [config.cloud?.driveApiUrl, config.cloud?.cloudKit?.apiUrl].filter((u): u is string => !!u);
      return c.html(
        framePage(config, { path: FRAME_PATH.script(app.id, asset.name), integrity: asset.integrity }, options.title),
        200,
        frameSecurityHeaders({ allowedOrigins: app.allowedOrigins, compilesWasm: options.compilesWasm, cloudUrls }),
      );
    },
  };
}

/**
 * The built scripts under their content-hashed names: immutable (a new build is a new name; the pages that name
 * them are no-store), brotli or gzip as the client accepts (compressed at build time), with an ETag. A name that is
 * not the current build's is 404.
 */
const scriptRoute: RouteDef = {
  method: 'get',
  path: FRAME_PATH.script.pattern,
  handler: async (c) => {
    const name = c.req.param('file') ?? '';
    let asset: FrameAsset | undefined;
    try {
      asset = HASHED_SCRIPT.test(name) ? await frameAssets(c).asset(name) : undefined;
    } catch {
      return c.text(NOT_BUILT, 503, { 'cache-control': 'no-store' });
    }
    if (!asset) return c.text('Not found', 404, { 'cache-control': 'no-store' });
    const encoding = chooseEncoding(c.req.header('accept-encoding'), asset);
    const etag = `"${asset.name}${encoding ? `.${encoding}` : ''}"`;
    const headers: Record<string, string> = {
      'content-type': 'text/javascript; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'cache-control': IMMUTABLE,
      vary: 'accept-encoding',
      etag,
    };
    if (
      c.req
        .header('if-none-match')
        ?.split(',')
        .some((tag) => tag.trim() === etag)
    ) {
      return c.body(null, 304, headers);
    }
    if (encoding) headers['content-encoding'] = encoding;
    const body = encoding === 'br' ? asset.brotli : encoding === 'gzip' ? asset.gzip : asset.body;
    return c.body(new Uint8Array(body ?? asset.body), 200, headers);
  },
};

/**
 * The embedded wallet frame page (SPEC §7) and the key export page beside it (its content on
 * EMBEDDED_WALLET_KEY_EXPORT_SCREEN; the key is rendered only there): HTML carrying the app's frame
 * config as JSON data and the page's bundle, under the frame's `frame-ancestors` and strict CSP.
 * The export page reads its address, width and theme colours from its own query string.
 */
export const embeddedWalletPageRoutes: RouteDef[] = [
  pageRoute(FRAME_PATH.wallet.pattern, FRAME_SCRIPT.wallet, { compilesWasm: true }),
  // The export page never derives the password key (it unlocks with an emailed code): no WebAssembly there.
  pageRoute(FRAME_PATH.export.pattern, FRAME_SCRIPT.export, { title: 'Latch wallet export' }),
  scriptRoute,
];
