import { createHash, timingSafeEqual } from 'node:crypto';
import { LatchError } from '@latch/protocol';
import { ristretto255_oprf } from '@noble/curves/ed25519.js';
import type { Keyring } from '../../kernel/crypto/keyring.js';
import type { DurableCounters } from '../../kernel/kv/DurableCounters.js';

/** Whose password a recovery OPRF key serves. */
export interface OprfContext {
  appId: string;
  userId: string;
  walletId: string;
}

/** Wrong-password policy: at most `max` unconfirmed evaluations per `windowMs` (see docs/custody.md). */
export const PASSWORD_ATTEMPT_POLICY = { max: 5, windowMs: 60 * 60_000 } as const;

/** The attempt counter: durable counters (`ShortLivedStore.counters`), so a crash does not reset it. */
type AttemptCounter = Pick<DurableCounters, 'increment' | 'delete'>;

function keyInfo(context: OprfContext): Uint8Array {
  return new TextEncoder().encode(
    JSON.stringify(['latch/recovery-oprf', context.appId, context.userId, context.walletId]),
  );
}

/**
 * The user's OPRF secret key (RFC 9497, ristretto255-SHA512), derived from the master key and the
 * user's ids: no OPRF key is stored, so a copy of the database alone cannot evaluate it.
 */
export function oprfSecretKey(keyring: Keyring, context: OprfContext, keyId?: string): Uint8Array {
  return ristretto255_oprf.oprf.deriveKeyPair(keyring.key('oprf-seed', keyId), keyInfo(context)).secretKey;
}

/** SHA-256 of a recovery verifier, hex: what the server stores (the verifier is 32 random-looking bytes). */
export function verifierHash(verifier: Uint8Array): string {
  return createHash('sha256').update(verifier).digest('hex');
}

/** The online, rate-limited server step of password recovery. */
export interface PasswordOprf {
  /**
   * Evaluates a blinded element under the user's OPRF key. Every evaluation counts as an attempt
   * until a verifier confirms the password; past the limit it throws `too_many_requests` (locked for
   * the rest of the window), and the first refused one calls `onLock` (W-07: the user is told).
   * A malformed element throws `invalid_data` and is not counted.
   */
  evaluate(
    context: OprfContext,
    blinded: Uint8Array,
    keyId?: string,
    onLock?: () => Promise<void>,
  ): Promise<Uint8Array>;
  /** Resets the attempt counter when `verifier` matches the stored hash; returns whether it did. */
  confirm(context: OprfContext, verifier: Uint8Array, storedHash: string): Promise<boolean>;
}

/** Creates the OPRF step over the keyring and a short-lived attempt counter. */
export function createPasswordOprf(
  keyring: Keyring,
  counter: AttemptCounter,
  policy: { max: number; windowMs: number } = PASSWORD_ATTEMPT_POLICY,
): PasswordOprf {
  const attemptKey = (c: OprfContext) => `wallet-pw:${c.appId}:${c.userId}:${c.walletId}`;
  return {
    async evaluate(context, blinded, keyId, onLock) {
      let evaluated: Uint8Array;
      try {
        evaluated = ristretto255_oprf.oprf.blindEvaluate(oprfSecretKey(keyring, context, keyId), blinded);
      } catch {
        throw new LatchError('invalid_data', 'The blinded element is not a valid group element.');
      }
      const { count, ttlMs } = await counter.increment(attemptKey(context), 1, policy.windowMs);
      if (count > policy.max) {
        // Once per lock: the evaluation that engages it. The lock holds even if the notice fails.
        if (count === policy.max + 1) await onLock?.();
        throw new LatchError('too_many_requests', undefined, { retryAfter: Math.ceil(ttlMs / 1000) });
      }
      return evaluated;
    },
    async confirm(context, verifier, storedHash) {
      const given = Buffer.from(verifierHash(verifier), 'hex');
      const stored = Buffer.from(storedHash, 'hex');
      if (given.length !== stored.length || !timingSafeEqual(given, stored)) return false;
      await counter.delete(attemptKey(context));
      return true;
    },
  };
}
