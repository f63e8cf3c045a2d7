/** The callers waiting on a flow's outcome, each under the id its request carries through the flow. */
interface PendingCallers<C> {
  /** Keeps `caller` under a fresh id and returns the id. */
  add(caller: C): number;
  /** The caller waiting under `id`, if it has not been settled. */
  get(id: number): C | undefined;
  /** Forgets the caller of `id` and runs `outcome` on it; nothing if it was already settled (each settles once). */
  settle(id: number, outcome: (caller: C) => void): void;
}

/** Makes an empty set of pending callers (one per runner). */
export function pendingCallers<C>(): PendingCallers<C> {
  const callers = new Map<number, C>();
  let nextId = 0;
  return {
    add(caller) {
      const id = ++nextId;
      callers.set(id, caller);
      return id;
    },
    get: (id) => callers.get(id),
    settle(id, outcome) {
      const caller = callers.get(id);
      callers.delete(id);
      if (caller) outcome(caller);
    },
  };
}
