import { createStore } from '../machine/createStore.js';

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
      } catch (error) {
        store.set({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
        throw error;
      }
    },
  };
}
