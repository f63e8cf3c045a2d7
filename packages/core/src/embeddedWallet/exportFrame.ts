import { LatchError, TIMEOUT } from '@latch/protocol';
import { FRAME_PATH, WALLET_EVENT, type WalletProxyErrorType } from '@latch/protocol/frame';
import type { Clock } from '../clock.js';
import { EmbeddedWalletError } from './embeddedWalletError.js';
import type { FrameHost, FrameTarget, HostMessage } from './frameHost.js';
import { toEmbeddedWalletError } from './toEmbeddedWalletError.js';

/** What the export page's address carries (SPEC §7): never the access token. */
export interface ExportUrlOptions {
  apiUrl: string;
  appId: string;
  clientId?: string;
  analyticsId?: string;
  address: string;
  /** The frame's width in CSS pixels. */
  width?: number;
  /** Theme colours (`#rgb` / `#rrggbb`) by query name: background, foreground, muted, surface, border, accent, accent_foreground. */
  theme?: Record<string, string>;
  /** The widget's locale: the page words itself in it when it has it (`es`), else in English. */
  locale?: string;
}

/** The key export page of an app (SPEC §7: client id, address, width, analytics id and theme colours). */
export function embeddedWalletExportUrl(options: ExportUrlOptions): string {
  const url = new URL(FRAME_PATH.export(options.appId), options.apiUrl);
  if (options.clientId) url.searchParams.set('client_id', options.clientId);
  url.searchParams.set('address', options.address);
  if (options.width) url.searchParams.set('width', String(Math.round(options.width)));
  if (options.analyticsId) url.searchParams.set('caid', options.analyticsId);
  for (const [name, value] of Object.entries(options.theme ?? {})) url.searchParams.set(name, value);
  if (options.locale) url.searchParams.set('locale', options.locale);
  return url.toString();
}

/** Options of `startKeyExport`. */
export interface KeyExportOptions {
  /** The export frame's window and its exact origin. */
  target: FrameTarget;
  frameOrigin: string;
  host: Pick<FrameHost, 'listen'>;
  accessToken: string;
  address: string;
  clock: Clock;
}

/**
 * A running key export: settles once the export page has sent its step-up code and shows the code
 * field (or fails). The code is typed into the page, which then shows the key masked: neither the
 * code nor the key ever reaches the host.
 */
export interface KeyExportSession {
  /** Resolves with the address the page opened for; the key itself never reaches the host. */
  done: Promise<string>;
  /** Call on the frame's `load`: asks the page whether it is ready, in case its announcement came first. */
  frameLoaded(): void;
  cancel(): void;
}

type Reply = { id: string; event: string; data?: { address?: unknown }; error?: { type: string; message: string } };

// A light shape check (no schema library: this module is re-exported from the core index).
function asReply(data: unknown): Reply | null {
  if (!data || typeof data !== 'object') return null;
  const reply = data as Partial<Reply>;
  return typeof reply.id === 'string' && typeof reply.event === 'string' ? (reply as Reply) : null;
}

/**
 * Passes the access token to the export page "separately" (SPEC §7): once the page is ready, one
 * `latch:wallet:connect` posted to its exact origin; replies are taken only from that window and
 * origin. The page asks for a step-up code in its own document, unlocks the wallet with it and
 * renders the key itself (docs/custody.md "Export").
 */
export function startKeyExport(options: KeyExportOptions): KeyExportSession {
  const { target, frameOrigin, clock } = options;
  const connectId = `latch:export:${clock.now().toString(36)}`;
  let sent = false;
  let settled = false;
  let resolveDone: (address: string) => void = () => {};
  let rejectDone: (error: unknown) => void = () => {};
  const done = new Promise<string>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });
  const finish = (outcome: () => void) => {
    if (settled) return;
    settled = true;
    unlisten();
    clock.clearTimeout(readyTimer);
    clock.clearTimeout(requestTimer);
    outcome();
  };
  const timeout = () =>
    finish(() =>
      rejectDone(new EmbeddedWalletError('client_request_timeout', 'The wallet request timed out.', 'timeout')),
    );
  let requestTimer: unknown = null;
  const readyTimer = clock.setTimeout(timeout, TIMEOUT.walletProxyDirect);

  const unlisten = options.host.listen((message: HostMessage) => {
    if (message.source !== target || message.origin !== frameOrigin) return;
    const reply = asReply(message.data);
    if (!reply) return;
    if (reply.event === WALLET_EVENT.ready && !reply.error && !sent) {
      sent = true;
      clock.clearTimeout(readyTimer);
      requestTimer = clock.setTimeout(timeout, TIMEOUT.walletRequest);
      target.postMessage(
        {
          id: connectId,
          event: WALLET_EVENT.walletConnect,
          data: { accessToken: options.accessToken, address: options.address },
        },
        frameOrigin,
      );
      return;
    }
    if (reply.id !== connectId) return;
    const { error, data } = reply;
    if (error) {
      finish(() =>
        rejectDone(
          toEmbeddedWalletError({
            type: error.type as WalletProxyErrorType,
            message: String(error.message),
          }),
        ),
      );
    } else if (typeof data?.address === 'string' && data.address.toLowerCase() === options.address.toLowerCase()) {
      const address = data.address;
      finish(() => resolveDone(address));
    } else {
      finish(() => rejectDone(new LatchError('embedded_wallet_not_found')));
    }
  });

  return {
    done,
    frameLoaded() {
      if (!sent && !settled) target.postMessage({ id: `${connectId}:ready`, event: WALLET_EVENT.ready }, frameOrigin);
    },
    cancel() {
      finish(() => rejectDone(new LatchError('client_request_cancelled')));
    },
  };
}
