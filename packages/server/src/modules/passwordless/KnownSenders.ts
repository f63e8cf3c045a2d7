import { sha256Hex } from '../../kernel/crypto/hash.js';
import type { ShortLivedStore } from '../../kernel/kv/ShortLivedStore.js';

/** How long a client that logged in with a code to a target stays known to it. */
const KNOWN_SENDER_TTL_MS = 30 * 24 * 3600 * 1000;

/**
 * The clients (IPs) that logged in with a code sent to a target: their sends to it are not counted
 * against the per-target cap, so sends by others cannot keep the owner from getting a code (RL-03,
 * docs/passwordless.md "Throttling"). Short-lived state: a crash only takes the exemption away.
 */
export class KnownSenders {
  constructor(private readonly store: Pick<ShortLivedStore, 'get' | 'set'>) {}

  /** True when `ip` logged in with a code to `target` (channel-qualified) within KNOWN_SENDER_TTL_MS. */
  async isKnown(target: string, ip: string): Promise<boolean> {
    return ip !== '' && (await this.store.get(key(target, ip))) !== null;
  }

  /**
   * The store key whose live presence is `isKnown` (undefined for an unknown IP, never known), for a code
   * store on the same tables that reads it inside its send statement (PgCodeStore: one round trip fewer).
   */
  marker(target: string, ip: string): string | undefined {
    return ip === '' ? undefined : key(target, ip);
  }

  /** What `remember` stores, for a code store that writes it with the login (PgCodeStore); undefined for an unknown IP. */
  markerRow(target: string, ip: string): { key: string; ttlMs: number } | undefined {
    return ip === '' ? undefined : { key: key(target, ip), ttlMs: KNOWN_SENDER_TTL_MS };
  }

  /** Remembers that `ip` proved `target` just now. */
  async remember(target: string, ip: string): Promise<void> {
    if (ip !== '') await this.store.set(key(target, ip), '1', KNOWN_SENDER_TTL_MS);
  }
}

/** The marker's key: the target and a hash of the IP (the store holds no client IPs here). */
const key = (target: string, ip: string) => `code-known:${target}|${sha256Hex(`known-sender\n${ip}`)}`;
