import type { ApprovalDisplay } from '@latch/protocol/schemas';

/** The open import screen: waiting for its frame to be placed, importing (the form in the frame), or failed. */
export interface WalletImportState {
  /** Tells one import from the next, so a late outcome of an earlier one changes nothing. */
  run: number;
  status: 'placing' | 'importing' | 'error';
  /** Why it failed (status 'error'): shown by the screen, also the rejection of `importWallet()`. */
  error: unknown;
}

/** What `importWallet()`, the screen and the runner send to the import. */
export type WalletImportEvent =
  | { type: 'open'; run: number }
  /** The screen placed the wallet frame over its slot: the frame can show its form now. */
  | { type: 'placed'; run: number; display: ApprovalDisplay }
  | { type: 'imported'; run: number }
  | { type: 'failed'; run: number; error: unknown }
  | { type: 'close' };

/** What the import asks its runner to do. */
export type WalletImportEffect =
  /** Mounts the wallet frame (the screen places it once it exists); a frame that never gets ready fails the import. */
  | { type: 'mount'; run: number }
  | { type: 'import'; run: number; display: ApprovalDisplay }
  /** The import `run` is over: its `importWallet()` settles (`error` absent: imported). */
  | { type: 'finish'; run: number; error?: unknown };

/** An import transition; `state: null` means no screen. */
export interface WalletImportTransition {
  state: WalletImportState | null;
  effects: WalletImportEffect[];
}

const CANCELLED = { code: 'client_request_cancelled' } as const;

/**
 * The import's pure transition: open (the frame is mounted) → placed (the frame shows its form; the runner posts `latch:wallet:import`)
 * → imported (closes) or failed (the screen shows the error until closed; the caller hears it at once). Closing
 * while the form is open cancels (the frame, hidden again, cancels its form too).
 */
export function walletImportTransition(
  state: WalletImportState | null,
  event: WalletImportEvent,
): WalletImportTransition {
  const stay = { state, effects: [] };
  const current = state !== null && 'run' in event && event.run === state.run;
  const open = (s: WalletImportState | null): WalletImportEffect[] =>
    s && s.status !== 'error' ? [{ type: 'finish', run: s.run, error: CANCELLED }] : [];
  switch (event.type) {
    case 'open':
      // A second import replaces the first (its caller hears a cancellation).
      return {
        state: { run: event.run, status: 'placing', error: null },
        effects: [...open(state), { type: 'mount', run: event.run }],
      };
    case 'placed':
      if (!current || state.status !== 'placing') return stay;
      return {
        state: { ...state, status: 'importing' },
        effects: [{ type: 'import', run: state.run, display: event.display }],
      };
    case 'imported':
      return current && state.status === 'importing'
        ? { state: null, effects: [{ type: 'finish', run: state.run }] }
        : stay;
    case 'failed':
      if (!current || state.status === 'error') return stay;
      // Cancel in the frame's own form: the screen closes, the caller hears the rejection.
      if ((event.error as { code?: unknown } | null)?.code === 'approval_rejected') {
        return { state: null, effects: [{ type: 'finish', run: state.run, error: event.error }] };
      }
      return {
        state: { ...state, status: 'error', error: event.error },
        effects: [{ type: 'finish', run: state.run, error: event.error }],
      };
    case 'close':
      return { state: null, effects: open(state) };
  }
}
