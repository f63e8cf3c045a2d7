import type { Clock } from './clock.js';

/** A small map whose entries expire after `ttlMs`; keeps hot reads (app config, keys) off the database. */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly clock: Clock,
    private readonly maxEntries = 10_000,
  ) {}

  /** The value, unless absent or expired. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.clock.now().getTime()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Stores a value. */
  set(key: string, value: V): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, expires: this.clock.now().getTime() + this.ttlMs });
  }

  /** Drops one key. */
  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops everything. */
  clear(): void {
    this.entries.clear();
  }
}
