import type { Logger } from '../logger.js';

/** What readiness reports of one dependency. */
export type DependencyState = 'up' | 'down';

/** One dependency's check: resolves when it answers, rejects (or times out) when it does not. */
export interface DependencyProbe {
  name: string;
  check(): Promise<void>;
  /** False for what a development server may lack (an unbuilt frame): reported, but the instance stays ready. */
  required?: boolean;
}

/** While a dependency is down, how often the watch asks it again (so "back" is logged without traffic). */
export const RECHECK_INTERVAL_MS = 1000;

/** A promise that rejects after `ms`, so a check that hangs counts as down. */
function within<T>(promise: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The dependencies an instance needs (PostgreSQL, Redis, the frame assets) and their last known state.
 * Each change (down, back) is logged once through the structured logger, never once per failed request or
 * reconnect attempt; while one is down it is checked again every RECHECK_INTERVAL_MS until it is back.
 */
export class DependencyWatch {
  private readonly probes: DependencyProbe[] = [];
  private readonly states = new Map<string, DependencyState>();
  private recheck: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly logger: Logger,
    private readonly timeoutMs: number,
  ) {}

  /** Adds a dependency to readiness. */
  add(probe: DependencyProbe): void {
    this.probes.push(probe);
  }

  /** Records what a client learned by itself (a Redis `error` or `ready` event); logs a change once. */
  report(name: string, state: DependencyState, reason?: string): void {
    const before = this.states.get(name);
    this.states.set(name, state);
    if (before === state || this.closed) return;
    if (state === 'down') {
      if (this.isOptional(name)) {
        this.logger.warn({ dependency: name, reason }, `${name} is unavailable`);
        return;
      }
      this.logger.error({ dependency: name, reason }, `${name} is unavailable: requests that need it answer 503`);
      this.scheduleRecheck();
    } else if (before === 'down') {
      this.logger.info({ dependency: name }, `${name} is available again`);
    }
  }

  /** Checks every dependency (each bounded by the timeout) and returns their states; `ready` when all required are up. */
  async check(): Promise<{ ready: boolean; checks: Record<string, DependencyState> }> {
    const results = await Promise.all(
      this.probes.map(async (probe) => {
        try {
          await within(probe.check(), this.timeoutMs, probe.name);
          this.report(probe.name, 'up');
          return [probe, 'up'] as const;
        } catch (error) {
          this.report(probe.name, 'down', (error as Error)?.message);
          return [probe, 'down'] as const;
        }
      }),
    );
    return {
      ready: results.every(([probe, state]) => state === 'up' || probe.required === false),
      checks: Object.fromEntries(results.map(([probe, state]) => [probe.name, state])),
    };
  }

  /** A request failed on a dependency: find out which (and log it) without waiting for the next readiness poll. */
  suspect(): void {
    if (!this.recheck && !this.closed) this.scheduleRecheck(0);
  }

  private isOptional(name: string): boolean {
    return this.probes.some((probe) => probe.name === name && probe.required === false);
  }

  private scheduleRecheck(delay = RECHECK_INTERVAL_MS): void {
    if (this.recheck || this.closed) return;
    this.recheck = setTimeout(async () => {
      await this.check();
      this.recheck = undefined;
      const down = [...this.states].some(([name, state]) => state === 'down' && !this.isOptional(name));
      if (down) this.scheduleRecheck();
    }, delay);
    this.recheck.unref();
  }

  /** Stops rechecking (the server is closing). */
  close(): void {
    this.closed = true;
    clearTimeout(this.recheck);
  }
}
