import type { AppConfig, LatchError, User } from '@latch/protocol';
import { createStore } from './machine/createStore.js';

/** The observable client state; every change makes a new frozen snapshot (for `useSyncExternalStore`). */
export interface LatchState {
  status: 'loading' | 'ready' | 'error';
  config: AppConfig | null;
  user: User | null;
  authenticated: boolean;
  error: LatchError | null;
}

/** Holds the state snapshot and notifies subscribers. */
export interface StateStore {
  get(): LatchState;
  /** Merges a patch into a new snapshot; `authenticated` always follows `user`. */
  update(patch: Partial<Omit<LatchState, 'authenticated'>>): void;
  subscribe(listener: () => void): () => void;
  /** Drops every listener. */
  close(): void;
}

const freeze = (state: LatchState): LatchState => Object.freeze(state);

/** The state before `init()` has run. */
export const INITIAL_STATE: LatchState = freeze({
  status: 'loading',
  config: null,
  user: null,
  authenticated: false,
  error: null,
});

/** Creates the store. */
export function createStateStore(): StateStore {
  const store = createStore(INITIAL_STATE);
  return {
    get: store.get,
    update(patch) {
      const state = store.get();
      const next = { ...state, ...patch };
      const changed = (Object.keys(patch) as Array<keyof typeof patch>).some((key) => state[key] !== next[key]);
      if (!changed) return;
      store.set(freeze({ ...next, authenticated: next.user !== null }));
    },
    subscribe: store.subscribe,
    close: store.close,
  };
}
