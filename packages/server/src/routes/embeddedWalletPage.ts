import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIMIT } from '@latch/protocol';
import type { LatchContext, RouteDef } from '../http/env.js';
import { frameSecurityHeaders } from '../wallets/frameSecurityHeaders.js';

/** Where `node packages/wallet-frame/build.mjs` writes the frame bundle, resolved from this file. */
export const DEFAULT_FRAME_DIR = fileURLToPath(new URL('../../../wallet-frame/dist', import.meta.url));

/** The bundle's file name inside the frame directory. */
const FRAME_SCRIPT = 'frame.js';

// One read per directory: the bundle does not change while the server runs.
const bundles = new Map<string, Promise<string>>();
function frameBundle(dir: string): Promise<string> {
  let bundle = bundles.get(dir);
  if (!bundle) {
    bundle = readFile(join(dir, FRAME_SCRIPT), 'utf8');
    bundle.catch(() => bundles.delete(dir));
    bundles.set(dir, bundle);
  }
  return bundle;
}

const frameDir = (c: LatchContext) => c.get('ctx').settings.frameDir ?? DEFAULT_FRAME_DIR;

// JSON inside <script type="application/json">: '<' escaped so no value can close the element.
const jsonForHtml = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

function framePage(config: unknown, scriptPath: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Latch wallet</title>',
    `<script type="application/json" id="latch-frame-config">${jsonForHtml(config)}</script>`,
    `<script type="module" src="${scriptPath}"></script>`,
    '</head><body></body></html>',
  ].join('');
}

async function knownApp(c: LatchContext) {
  const appId = c.req.param('appId') ?? '';
  return appId.length === LIMIT.appIdLength ? c.get('ctx').apps.get(appId) : undefined;
}

/**
 * The embedded wallet frame page (SPEC §7): an HTML page carrying the app's frame config as JSON data
 * and the frame bundle, under the frame's `frame-ancestors` and strict CSP. Unknown app: 404 that
 * nobody may embed.
 */
export const embeddedWalletPageRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/apps/:appId/embedded-wallets',
    handler: async (c, ctx) => {
      const app = await knownApp(c);
      if (!app) {
        return c.html('<!doctype html><title>Not found</title>', 404, frameSecurityHeaders({ allowedOrigins: null }));
      }
      const clientId = c.req.query('client_id');
      const config = {
        appId: app.id,
        // A client id of another app is dropped rather than sent with every custody call.
        clientId: clientId && app.clientIds.includes(clientId) ? clientId : undefined,
        apiUrl: new URL(ctx.settings.publicUrl).origin,
        allowedOrigins: app.allowedOrigins,
      };
      return c.html(
        framePage(config, `/apps/${app.id}/embedded-wallets/${FRAME_SCRIPT}`),
        200,
        frameSecurityHeaders({ allowedOrigins: app.allowedOrigins }),
      );
    },
  },
  {
    method: 'get',
    path: `/apps/:appId/embedded-wallets/${FRAME_SCRIPT}`,
    handler: async (c) => {
      let script: string;
      try {
        script = await frameBundle(frameDir(c));
      } catch {
        return c.text('The wallet frame is not built: run node packages/wallet-frame/build.mjs.', 503);
      }
      return c.body(script, 200, {
        'content-type': 'text/javascript; charset=utf-8',
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache',
      });
    },
  },
];
