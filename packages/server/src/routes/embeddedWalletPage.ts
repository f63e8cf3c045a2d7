import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  FRAME_CONFIG_ELEMENT_ID,
  FRAME_PATH,
  FRAME_ROUTE,
  FRAME_SCRIPT,
  type FrameConfig,
} from '@latch/protocol/frame';
import type { LatchContext, RouteDef } from '../http/env.js';
import { frameSecurityHeaders } from '../wallets/frameSecurityHeaders.js';

/** Where `node packages/wallet-frame/build.mjs` writes the frame bundle, resolved from this file. */
export const DEFAULT_FRAME_DIR = fileURLToPath(new URL('../../../wallet-frame/dist', import.meta.url));

// One read per file: the bundles do not change while the server runs.
const bundles = new Map<string, Promise<string>>();
function frameBundle(dir: string, script: string): Promise<string> {
  const path = join(dir, script);
  let bundle = bundles.get(path);
  if (!bundle) {
    bundle = readFile(path, 'utf8');
    bundle.catch(() => bundles.delete(path));
    bundles.set(path, bundle);
  }
  return bundle;
}

const frameDir = (c: LatchContext) => c.get('ctx').settings.frameDir ?? DEFAULT_FRAME_DIR;

// JSON inside <script type="application/json">: '<' escaped so no value can close the element.
const jsonForHtml = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

function framePage(config: FrameConfig, scriptPath: string, title = 'Latch wallet'): string {
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${title}</title>`,
    `<script type="application/json" id="${FRAME_CONFIG_ELEMENT_ID}">${jsonForHtml(config)}</script>`,
    `<script type="module" src="${scriptPath}"></script>`,
    '</head><body></body></html>',
  ].join('');
}

/** The app of the page's path (`resolveApp`), when it exists. */
const knownApp = (c: LatchContext) => (c.var.appSource === 'path' ? c.var.app : undefined);

/** The frame config of an app, as the wallet frame and the export page read it. */
function frameConfig(c: LatchContext, app: { id: string; clientIds: string[]; allowedOrigins: string[] }): FrameConfig {
  const clientId = c.req.query('client_id');
  return {
    appId: app.id,
    // A client id of another app is dropped rather than sent with every custody call.
    clientId: clientId && app.clientIds.includes(clientId) ? clientId : undefined,
    apiUrl: new URL(c.get('ctx').settings.publicUrl).origin,
    // The `iss` of the app's access tokens: the frame verifies every token it is handed (docs/custody.md).
    issuer: c.get('ctx').settings.publicUrl,
    allowedOrigins: app.allowedOrigins,
  };
}

/** A page route: the app's frame config and one bundle, under the frame's headers; unknown app: 404 nobody may frame. */
function pageRoute(path: string, script: string, title?: string): RouteDef {
  return {
    method: 'get',
    path,
    handler: async (c) => {
      const app = knownApp(c);
      if (!app) {
        return c.html('<!doctype html><title>Not found</title>', 404, frameSecurityHeaders({ allowedOrigins: null }));
      }
      return c.html(
        framePage(frameConfig(c, app), FRAME_PATH.script(app.id, script), title),
        200,
        frameSecurityHeaders({ allowedOrigins: app.allowedOrigins }),
      );
    },
  };
}

/** A bundle route: the built script, or 503 with the build command when it is missing. */
function scriptRoute(script: string): RouteDef {
  return {
    method: 'get',
    path: FRAME_ROUTE.script(script),
    handler: async (c) => {
      let body: string;
      try {
        body = await frameBundle(frameDir(c), script);
      } catch {
        return c.text('The wallet frame is not built: run node packages/wallet-frame/build.mjs.', 503);
      }
      return c.body(body, 200, {
        'content-type': 'text/javascript; charset=utf-8',
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache',
      });
    },
  };
}

/**
 * The embedded wallet frame page (SPEC §7) and the key export page beside it (its content on
 * EMBEDDED_WALLET_KEY_EXPORT_SCREEN; the key is rendered only there): HTML carrying the app's frame
 * config as JSON data and the page's bundle, under the frame's `frame-ancestors` and strict CSP.
 * The export page reads its address, width and theme colours from its own query string.
 */
export const embeddedWalletPageRoutes: RouteDef[] = [
  pageRoute(FRAME_ROUTE.wallet, FRAME_SCRIPT.wallet),
  pageRoute(FRAME_ROUTE.export, FRAME_SCRIPT.export, 'Latch wallet export'),
  scriptRoute(FRAME_SCRIPT.wallet),
  scriptRoute(FRAME_SCRIPT.export),
];
