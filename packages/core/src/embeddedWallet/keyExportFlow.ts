import { DELAY } from '@latch/protocol';
import type { FlowMessageCode } from '../machine/flowMessage.js';

/** The open key export: connecting (at least 1 s, SPEC §4), then the export screen. */
export interface KeyExportState {
  /** Tells one export from the next, so a late outcome of an earlier one changes nothing. */
  run: number;
  address: string;
  status: 'connecting' | 'ready' | 'error';
  error: FlowMessageCode | null;
  /** When connecting began (clock ms): the export screen shows no earlier than 1 s after. */
  startedAt: number;
}

/** What `exportWallet()`, the screen, the runner and timers send to the key export. */
export type KeyExportEvent =
  | { type: 'open'; run: number; address: string; at: number }
  | { type: 'connected'; run: number; at: number }
  | { type: 'connectFailed'; run: number }
  | { type: 'shown'; run: number }
  /** The export page failed (no token, or its own error). */
  | { type: 'fail' }
  | { type: 'close' };

/** What the key export asks its runner to do. */
export type KeyExportEffect =
  | { type: 'connect'; run: number }
  /** The export `run` is over: its `exportWallet()` resolves. */
  | { type: 'finish'; run: number }
  | { type: 'after'; ms: number; event: KeyExportEvent }
  | { type: 'cancelTimers' };

/** A key export transition; `state: null` means no screen. */
export interface KeyExportTransition {
  state: KeyExportState | null;
  effects: KeyExportEffect[];
}

const ended = (state: KeyExportState | null): KeyExportEffect[] =>
  state ? [{ type: 'cancelTimers' }, { type: 'finish', run: state.run }] : [{ type: 'cancelTimers' }];

/** The key export's pure transition: connect, hold the connecting screen for `DELAY.keyExportMinimum`, show. */
export function keyExportTransition(state: KeyExportState | null, event: KeyExportEvent): KeyExportTransition {
  const stay = { state, effects: [] };
  const current = state !== null && 'run' in event && event.run === state.run;
  switch (event.type) {
    case 'open':
      // A second export closes the first (its caller's promise resolves).
      return {
        state: { run: event.run, address: event.address, status: 'connecting', error: null, startedAt: event.at },
        effects: [...ended(state), { type: 'connect', run: event.run }],
      };
    case 'connected': {
      if (!current || state.status !== 'connecting') return stay;
      const ms = Math.max(0, state.startedAt + DELAY.keyExportMinimum - event.at);
      return { state, effects: [{ type: 'after', ms, event: { type: 'shown', run: state.run } }] };
    }
    case 'shown':
      return current && state.status === 'connecting' ? { state: { ...state, status: 'ready' }, effects: [] } : stay;
    case 'connectFailed':
      if (!current || state.status !== 'connecting') return stay;
      return { state: { ...state, status: 'error', error: 'wallet_error' }, effects: [] };
    case 'fail':
      return state ? { state: { ...state, status: 'error', error: 'wallet_error' }, effects: [] } : stay;
    case 'close':
      return { state: null, effects: ended(state) };
  }
}
