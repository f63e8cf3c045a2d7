import { randomBytes } from 'node:crypto';
import { MFA_LIMIT } from '@latch/protocol/mfa';
import type { ShortLivedStore } from '../../kernel/kv/ShortLivedStore.js';

/**
 * What a challenge was issued for. Login and sign-up challenges are bound to the app only (nobody is
 * logged in yet); link, MFA and step-up challenges to the user and the session that asked for them.
 */
export type ChallengeBinding =
  | { purpose: 'login' }
  | { purpose: 'register' }
  | { purpose: 'link' | 'mfa' | 'step_up'; userId: string; sessionId: string };

interface StoredChallenge {
  binding: ChallengeBinding;
  /** Expiry in ms since the epoch, by the server clock (the store's own TTL is only the backstop). */
  expiresAt: number;
}

/** A challenge as `issue` makes it: 32 CSPRNG bytes in base64url (43 characters). */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

const sameBinding = (a: ChallengeBinding, b: ChallengeBinding): boolean =>
  a.purpose === b.purpose &&
  (a.purpose === 'login' ||
    a.purpose === 'register' ||
    (b.purpose !== 'login' && b.purpose !== 'register' && a.userId === b.userId && a.sessionId === b.sessionId));

/**
 * Single-use WebAuthn challenges in the short-lived store, keyed by app and challenge. `take` spends one
 * atomically (of two racing requests exactly one gets it) and only for the binding it was issued for:
 * another app's, another purpose's, another user's or another session's challenge is refused.
 */
export class PasskeyChallenges {
  constructor(
    private readonly kv: ShortLivedStore,
    private readonly now: () => number,
    private readonly ttlMs: number = MFA_LIMIT.passkeyChallengeTtlMs,
  ) {}

  /** A fresh challenge (base64url) bound to `binding` in `appId`, live for the challenge TTL. */
  async issue(appId: string, binding: ChallengeBinding): Promise<string> {
    const challenge = randomBytes(32).toString('base64url');
    const stored: StoredChallenge = { binding, expiresAt: this.now() + this.ttlMs };
    await this.kv.set(key(appId, challenge), JSON.stringify(stored), this.ttlMs);
    return challenge;
  }

  /** Spends `challenge` (as the client data carries it); true only for a live one issued for `binding` in `appId`. */
  async take(appId: string, challenge: string, binding: ChallengeBinding): Promise<boolean> {
    // The challenge comes from the client: only the shape `issue` makes may become part of a key.
    if (!CHALLENGE.test(challenge)) return false;
    const raw = await this.kv.take(key(appId, challenge));
    if (raw === null) return false;
    try {
      const stored = JSON.parse(raw) as StoredChallenge;
      return this.now() < stored.expiresAt && sameBinding(stored.binding, binding);
    } catch {
      return false;
    }
  }

  /** The challenge lifetime, as the options' `timeout` announces it. */
  get timeoutMs(): number {
    return this.ttlMs;
  }
}

const key = (appId: string, challenge: string) => `passkey:${appId}:${challenge}`;
