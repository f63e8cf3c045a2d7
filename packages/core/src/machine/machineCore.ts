import { createStore } from './createStore.js';
import type { FlowClock } from './flowClock.js';

/** A running flow as its screens see it: observable state, a dispatch function and cleanup. */
export interface MachineRunner<S, E> {
  getState(): S;
  subscribe(listener: () => void): () => void;
  dispatch(event: E): void;
  destroy(): void;
}

/** The engine every flow runner shares: state, subscribers, dispatch through a pure transition, timers. */
interface MachineCore<S, E> {
  getState(): S;
  subscribe(listener: () => void): () => void;
  dispatch(event: E): void;
  /**
   * Dispatches `event` after `ms` on the clock (the flows' `after` effect): a SPEC delay, scaled by the clock's
   * test-only `delayScale`, unless `timeout` (a deadline, such as a code's or a nonce's lifetime: never scaled).
   */
  after(ms: number, event: E, timeout?: boolean): void;
  /** Cancels every pending timer (the flows' `cancelTimers` effect, and destroy). */
  cancelTimers(): void;
  /** Dispatches `ok(value)` or `fail(error)` when the promise settles. */
  settle<T>(promise: Promise<T>, ok: (value: T) => E, fail: (error: unknown) => E): void;
}

/** A flow's runner over its engine: destroy runs `end` (a reset, a closed mark) and cancels the flow's timers. */
export function runnerOf<S, E>(machine: MachineCore<S, E>, end: () => void = () => {}): MachineRunner<S, E> {
  return {
    getState: machine.getState,
    subscribe: machine.subscribe,
    dispatch: machine.dispatch,
    destroy() {
      end();
      machine.cancelTimers();
    },
  };
}

/** Creates the engine for one flow; `run` executes the effects the transition returns. */
export function createMachineCore<S, E, F>(options: {
  initial: S;
  transition(state: S, event: E): { state: S; effects: readonly F[] };
  clock: FlowClock;
  run(effect: F): void;
}): MachineCore<S, E> {
  const { transition, clock, run } = options;
  const store = createStore(options.initial);
  const timers = new Set<unknown>();

  const dispatch = (event: E): void => {
    const result = transition(store.get(), event);
    store.set(result.state);
    for (const effect of result.effects) run(effect);
  };

  return {
    getState: store.get,
    subscribe: store.subscribe,
    dispatch,
    after(ms, event, timeout) {
      const handle = clock.setTimeout(
        () => {
          timers.delete(handle);
          dispatch(event);
        },
        timeout ? ms : ms * (clock.delayScale ?? 1),
      );
      timers.add(handle);
    },
    cancelTimers() {
      for (const handle of timers) clock.clearTimeout(handle);
      timers.clear();
    },
    settle(promise, ok, fail) {
      promise.then(
        (value) => dispatch(ok(value)),
        (error: unknown) => dispatch(fail(error)),
      );
    },
  };
}
