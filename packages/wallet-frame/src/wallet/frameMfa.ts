import { LatchError, type MfaAction, type MfaState } from '@latch/protocol';
import { MFA_LIMIT } from '@latch/protocol/mfa';
import type { TokenOwner } from './tokenVerifier.js';

/** The actions the frame itself enforces (the server gates export, recovery, set_password and manage_mfa). */
export type FrameMfaAction = Extract<MfaAction, 'sign' | 'send'>;

/** Whose MFA state and permits these are: one session of one user. */
type MfaOwner = Pick<TokenOwner, 'sub' | 'sid'>;

/** A checked permit: `spend()` uses it up (a no-op when the action needs none). */
export interface MfaPermit {
  spend(): void;
}

/** The frame's MFA memory (docs/mfa.md "The frame's part"). Memory only: a reload forgets it all. */
interface FrameMfa {
  /** Records the server's MFA state of `owner` (the GET wallet check, every MFA route's answer). */
  record(owner: MfaOwner, state: MfaState): void;
  /** True when the state of exactly this owner is known. */
  knows(owner: MfaOwner): boolean;
  /** Keeps one permit for `action` after the owner's successful verify for it; live `verificationTtlMs`. */
  grant(owner: MfaOwner, action: FrameMfaAction): void;
  /**
   * Checks that `owner` may run `action` now: without a need for MFA, or with a live permit of this
   * owner. Throws `missing_or_invalid_mfa` otherwise (nothing spent). Call `spend()` right before signing.
   */
  permitFor(owner: MfaOwner, action: FrameMfaAction): MfaPermit;
  /** `latch:mfa:clear`: forgets every permit, keeps the state. */
  clearPermits(): void;
  /** Forgets the state and the permits (the owner is gone: `latch:wallet:clear`, another user). */
  clear(): void;
}

const keyOf = (owner: MfaOwner) => JSON.stringify([owner.sub, owner.sid]);
const refused = () => new LatchError('missing_or_invalid_mfa');

/**
 * Creates the MFA memory of one frame page. It holds the state of ONE owner (the frame's current one:
 * recording another owner's state replaces it) and at most one permit per action; a permit is taken
 * only by the session that verified, so another user's or another session's token never uses it.
 */
export function createFrameMfa(options: { now?: () => number } = {}): FrameMfa {
  const now = options.now ?? Date.now;
  let current: { key: string; state: MfaState } | null = null;
  const permits = new Map<FrameMfaAction, { key: string; expiresAt: number }>();

  // An owner whose state is unknown counts as needing MFA for everything: the frame never signs on a guess.
  const needs = (key: string, action: FrameMfaAction) =>
    current?.key !== key || current.state.requiredActions.includes(action);
  const live = (key: string, action: FrameMfaAction) => {
    const permit = permits.get(action);
    return permit !== undefined && permit.key === key && permit.expiresAt > now();
  };

  return {
    record(owner, state) {
      const key = keyOf(owner);
      if (current?.key !== key) permits.clear();
      current = { key, state: { mfaMethods: [...state.mfaMethods], requiredActions: [...state.requiredActions] } };
    },
    knows: (owner) => current?.key === keyOf(owner),
    grant(owner, action) {
      permits.set(action, { key: keyOf(owner), expiresAt: now() + MFA_LIMIT.verificationTtlMs });
    },
    permitFor(owner, action) {
      const key = keyOf(owner);
      if (!needs(key, action)) return { spend() {} };
      if (!live(key, action)) throw refused();
      return {
        spend() {
          // Two requests may have passed the check before either signed: only one gets the permit.
          if (!live(key, action)) throw refused();
          permits.delete(action);
        },
      };
    },
    clearPermits: () => permits.clear(),
    clear() {
      current = null;
      permits.clear();
    },
  };
}
