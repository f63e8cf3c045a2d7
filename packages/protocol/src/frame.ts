/**
 * The embedded wallet frame's contract between the server that renders its pages, the wallet-frame
 * bundles that boot in them and the SDK that embeds them: paths, the rendered config, and the boot guard.
 */

import type { CloudEndpoints } from './cloudBackup.js';

/** What the server renders into the wallet frame page and the export page (as JSON data, never as script). */
export interface FrameConfig {
  appId: string;
  clientId?: string;
  /** The server's own origin, where the custody API and the app's JWKS live. */
  apiUrl: string;
  /** The server's public URL: the `iss` of the access tokens the frame accepts. */
  issuer: string;
  allowedOrigins: string[];
  /**
   * The app's server-side `embedded_wallet_config.headless_signing`: when true the frame signs
   * without its confirmation. Only the server renders it; nothing the host page sends can set it.
   */
  headlessSigning?: boolean;
  /** Where the frame reaches the user's cloud for backups (docs/cloud-backup.md); the page's CSP allows these. */
  cloud?: CloudEndpoints;
}

/** The id of the `<script type="application/json">` element holding the FrameConfig. */
export const FRAME_CONFIG_ELEMENT_ID = 'latch-frame-config';

/** The frame pages' bundles, served beside the pages. */
export const FRAME_SCRIPT = { wallet: 'frame.js', export: 'export.js' } as const;

/** Reads the FrameConfig the server rendered into the page, or null when it is missing or not JSON. */
export function readFrameConfig(doc: {
  getElementById(id: string): { textContent: string | null } | null;
}): FrameConfig | null {
  const text = doc.getElementById(FRAME_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as FrameConfig;
  } catch {
    return null;
  }
}

/** What the frame can learn about who embeds it. */
export interface ParentClues {
  /** The app's allowed origins, as the server rendered them into the page. */
  allowedOrigins: readonly string[];
  /** `document.referrer` (the embedding page, or at least its origin). */
  referrer: string;
  /** `location.ancestorOrigins` where the browser has it (Chromium, Safari). */
  ancestorOrigins?: ArrayLike<string>;
}

function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The exact parent origin the frame will answer, or null (then the frame answers no one). The
 * browser-reported ancestor wins over the referrer; either way it must be one of the app's allowed
 * origins — `frame-ancestors` already enforces this, this is the in-code second check (DESIGN §4).
 */
export function resolveParentOrigin(clues: ParentClues): string | null {
  const allowed = new Set(clues.allowedOrigins.map(originOf).filter((o): o is string => o !== null));
  const ancestor = clues.ancestorOrigins && clues.ancestorOrigins.length > 0 ? clues.ancestorOrigins[0] : undefined;
  const candidate = ancestor !== undefined ? originOf(ancestor) : originOf(clues.referrer);
  return candidate && allowed.has(candidate) ? candidate : null;
}

/** True when the window is framed directly by the top-level page (not top-level, not nested deeper). */
export function isFramedOnce(win: { self: unknown; parent: unknown; top: unknown }): boolean {
  return win.parent !== win.self && win.top === win.parent;
}

/** Why a frame page did not start. */
export type BootRefusal = 'not_framed_once' | 'unknown_parent';

/** The window facts the boot guard reads. */
export interface GuardWindow {
  self: unknown;
  parent: unknown;
  top: unknown;
  document: { referrer: string };
  location: { ancestorOrigins?: ArrayLike<string> };
}

/**
 * The boot guard of every frame page (the wallet frame and the export page): the page runs only framed
 * exactly once, by one of the app's allowed origins. Returns the parent origin to answer, or why not.
 */
export function frameParentOrigin(win: GuardWindow, config: Pick<FrameConfig, 'allowedOrigins'>): string | BootRefusal {
  if (!isFramedOnce(win)) return 'not_framed_once';
  const parentOrigin = resolveParentOrigin({
    allowedOrigins: config.allowedOrigins,
    referrer: win.document.referrer,
    ancestorOrigins: win.location.ancestorOrigins,
  });
  return parentOrigin ?? 'unknown_parent';
}
