/** An observable value: what every runtime piece exposes and what React binds with `useSyncExternalStore`. */
export interface Store<T> {
  get(): T;
  /** Replaces the value and notifies, unless the new value is the same (`Object.is`). */
  set(next: T): void;
  subscribe(listener: () => void): () => void;
  /** Notifies the listeners without changing the value (for a derived `get`). */
  notify(): void;
  /** Drops every listener. */
  close(): void;
}

/** Creates a store holding `initial`. */
export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  // A copy: a listener that unsubscribes (or subscribes) while notified must not change this round.
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify,
    close: () => listeners.clear(),
  };
}
