import { LatchError } from '@latch/protocol';
import { createStore } from '../machine/createStore.js';

/** SPEC §8 "SDK texts": what a headless login's error says for these codes (the code stays, the original is `cause`). */
export const SDK_TRY_AGAIN_TEXT = 'Something went wrong. Try again.';
/** SPEC §8: a headless step called before the step that starts its flow (loginWithCode before sendCode, …). */
export const NO_AUTH_FLOW_TEXT = 'No auth flow in progress.';
const TRY_AGAIN_CODES = ['invalid_data', 'cannot_link_more_of_type', 'invalid_credentials'];

/** The error a headless step rejects with: SPEC's SDK text for the three codes (not our own 'No auth flow'), else as thrown. */
function sdkError(error: unknown): Error {
  if (error instanceof LatchError && TRY_AGAIN_CODES.includes(error.code) && error.message !== NO_AUTH_FLOW_TEXT) {
    return new LatchError(error.code, SDK_TRY_AGAIN_TEXT, { status: error.status, cause: error });
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** Where a headless login is (its own steps, plus the three every one has) and why it last failed. */
export interface HeadlessState<Step extends string> {
  status: 'initial' | Step | 'done' | 'error';
  error: Error | null;
}

/** A headless login's state, bound by a UI with subscribe/getState, and how it moves through its steps. */
export interface HeadlessRun<Step extends string> {
  getState(): HeadlessState<Step>;
  subscribe(listener: () => void): () => void;
  /** Runs `work` in the `pending` step; `next` once it resolves, 'error' (and the rejection) when it fails. */
  step<T>(pending: Step, next: Step | 'done', work: () => Promise<T>): Promise<T>;
}

/** A headless login's state, starting at 'initial'. */
export function createHeadlessRun<Step extends string>(): HeadlessRun<Step> {
  const store = createStore<HeadlessState<Step>>({ status: 'initial', error: null });
  return {
    getState: store.get,
    subscribe: store.subscribe,
    async step(pending, next, work) {
      store.set({ status: pending, error: null });
      try {
        const value = await work();
        store.set({ status: next, error: null });
        return value;
      } catch (thrown) {
        const error = sdkError(thrown);
        store.set({ status: 'error', error });
        throw error;
      }
    },
  };
}
