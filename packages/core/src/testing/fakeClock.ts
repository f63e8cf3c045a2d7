import type { Clock } from '../clock.js';

/** A clock for tests: time moves only when `advance` is called. */
export interface FakeClock extends Clock {
  /** Moves time forward by `ms`, running every timer that falls due, in order, letting promises settle between them. */
  advance(ms: number): Promise<void>;
  /** Lets pending promise chains settle without moving time. */
  flush(): Promise<void>;
  /** How many timers are waiting. */
  pendingTimers(): number;
}

interface Timer {
  id: number;
  due: number;
  fn: () => void;
}

// A real macrotask turn lets every queued microtask (awaits, fetch fakes, json()) run first.
const settle = () => new Promise<void>((resolve) => globalThis.setTimeout(resolve, 0));

/** Creates a fake clock starting at `start` ms since the epoch (exported for other packages' tests). */
export function createFakeClock(start = 1_700_000_000_000): FakeClock {
  let current = start;
  let nextId = 1;
  let timers: Timer[] = [];

  const flush = async () => {
    for (let i = 0; i < 3; i++) await settle();
  };

  return {
    now: () => current,
    setTimeout(fn, ms) {
      const id = nextId++;
      timers.push({ id, due: current + Math.max(0, ms), fn });
      return id;
    },
    clearTimeout(id) {
      timers = timers.filter((timer) => timer.id !== id);
    },
    async advance(ms) {
      const target = current + ms;
      await flush();
      for (;;) {
        const due = timers.filter((timer) => timer.due <= target).sort((a, b) => a.due - b.due || a.id - b.id)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer !== due);
        current = due.due;
        due.fn();
        await flush();
      }
      current = target;
      await flush();
    },
    flush,
    pendingTimers: () => timers.length,
  };
}
