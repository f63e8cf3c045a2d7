import { LatchError, type User } from '@latch/protocol';
import type { Clock } from '../clock.js';
import { createMachineCore } from '../machine/machineCore.js';
import { type EmbeddedWalletController, embeddedWalletOf } from './embeddedWalletController.js';
import { browserFrameHost, type FrameHost, type FrameTarget } from './frameHost.js';
import {
  type KeyExportEffect,
  type KeyExportEvent,
  type KeyExportState,
  keyExportTransition,
} from './keyExportFlow.js';

/** `exportWallet()` and the state EMBEDDED_WALLET_KEY_EXPORT_SCREEN renders. */
export interface WalletExporter {
  getState(): KeyExportState | null;
  subscribe(listener: () => void): () => void;
  /** Opens the export (connecting first); resolves when the user closes it. */
  exportWallet(): Promise<void>;
  /** Shows a failure of the export page on the screen. */
  fail(): void;
  /**
   * The export page of the open export, once connected: its address (never the token) and `attach`,
   * which hands the token to the page's window by message (SPEC §7). Null, with the failure on the
   * screen, when there is no access token.
   */
  openPage(view: ExportPageView): Promise<ExportPage | null>;
  /** Closes the export screen. */
  close(): void;
  destroy(): void;
  /** Where the export page lives (the app's server) and who asks. */
  page: ExportPageOptions;
}

/** How the host shows the export page: its width in CSS pixels, theme colours by query name and the widget's locale. */
export interface ExportPageView {
  width?: number;
  theme?: Record<string, string>;
  locale?: string;
}

/** The export page to embed: `src` for the iframe, `attach` once its window exists. */
export interface ExportPage {
  src: string;
  /** Starts the hand-over to the frame's window; a failure of the page shows on the screen. */
  attach(target: FrameTarget): { frameLoaded(): void; cancel(): void };
}

/** The app and server of the export page. */
export interface ExportPageOptions {
  apiUrl: string;
  appId: string;
  clientId?: string;
  /** The client analytics id, the page's `caid` (SPEC §7). */
  analyticsId?: string;
}

/**
 * Runs the pure key export (keyExportFlow.ts): connects this device's wallet (recovering it on a new
 * device) and resolves each `exportWallet()` when its export ends.
 */
export function createWalletExporter(options: {
  getUser(): User | null;
  controller: Pick<EmbeddedWalletController, 'connect'>;
  clock: Clock;
  page: ExportPageOptions;
  /** The access token the export page receives by message. */
  getAccessToken?(): Promise<string | null>;
  /** Where the page's replies arrive (tests pass a fake); default: the browser's window, made when a page opens. */
  host?: Pick<FrameHost, 'listen'>;
  /** The step-up screen (in the MFA runtime), for a user whose export page has no email or phone to send a code to. */
  loadMfa?(): Promise<{ stepUp: { request(action: 'export', error: unknown): Promise<void> } }>;
}): WalletExporter {
  const { clock } = options;
  const waiters = new Map<number, { user: User; resolve(): void }>();
  let nextRun = 0;
  const machine = createMachineCore<KeyExportState | null, KeyExportEvent, KeyExportEffect>({
    initial: null,
    transition: keyExportTransition,
    clock,
    run(effect) {
      switch (effect.type) {
        case 'connect': {
          const waiter = waiters.get(effect.run);
          if (!waiter) return;
          return machine.settle(
            options.controller.connect(waiter.user),
            () => ({ type: 'connected', run: effect.run, at: clock.now() }),
            () => ({ type: 'connectFailed', run: effect.run }),
          );
        }
        case 'finish': {
          const waiter = waiters.get(effect.run);
          waiters.delete(effect.run);
          return waiter?.resolve();
        }
        case 'after':
          return machine.after(effect.ms, effect.event);
        case 'cancelTimers':
          return machine.cancelTimers();
      }
    },
  });
  const close = () => machine.dispatch({ type: 'close' });
  // A failure reported for an export the user already closed (or replaced) changes nothing.
  const failRun = (run: number) => {
    if (machine.getState()?.run === run) machine.dispatch({ type: 'fail' });
  };

  return {
    page: options.page,
    getState: machine.getState,
    subscribe: machine.subscribe,
    async exportWallet() {
      const user = options.getUser();
      if (!user) throw new LatchError('must_be_authenticated');
      const wallet = embeddedWalletOf(user);
      if (!wallet) throw new LatchError('embedded_wallet_not_found');
      // The export page proves the user with a code to their email or phone; without either, a step-up with
      // any factor they had before this session comes first (the page then finds its record and asks for no code).
      if (!user.email && !user.phone && options.loadMfa) {
        await (await options.loadMfa()).stepUp.request('export', new LatchError('step_up_required'));
      }
      const run = ++nextRun;
      return new Promise<void>((resolve) => {
        waiters.set(run, { user, resolve });
        machine.dispatch({ type: 'open', run, address: wallet.address, at: clock.now() });
      });
    },
    fail: () => machine.dispatch({ type: 'fail' }),
    async openPage(view) {
      const state = machine.getState();
      if (!state) return null;
      const [token, { embeddedWalletExportUrl, startKeyExport }] = await Promise.all([
        (options.getAccessToken?.() ?? Promise.resolve(null)).catch(() => null),
        // The page messaging loads with the page (a dynamic import, like loadKeyExport's).
        import('./exportFrame.js'),
      ]);
      if (!token) {
        failRun(state.run);
        return null;
      }
      const src = embeddedWalletExportUrl({ ...options.page, address: state.address, ...view });
      return {
        src,
        attach(target) {
          const session = startKeyExport({
            target,
            frameOrigin: new URL(src).origin,
            host: options.host ?? browserFrameHost(),
            accessToken: token,
            address: state.address,
            clock,
          });
          let cancelled = false;
          session.done.catch(() => {
            if (!cancelled) failRun(state.run);
          });
          return {
            frameLoaded: session.frameLoaded,
            cancel() {
              cancelled = true;
              session.cancel();
            },
          };
        },
      };
    },
    close,
    destroy: close,
  };
}
