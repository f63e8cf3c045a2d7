import type { UserRef } from '../../identity/users/userRef.js';
import { type EnvelopeContext, openEnvelope, sealEnvelope } from '../../kernel/crypto/envelope.js';
import type { Keyring } from '../../kernel/crypto/keyring.js';

/** The envelope purpose of TOTP secrets: its own key, derived from the master key (kernel/crypto/keyring.ts). */
export const TOTP_PURPOSE = 'mfa-totp-kek';

/**
 * The envelope context of a user's TOTP secret: the AAD binds app and user, and `enrolled` vs
 * `pending` (a pending secret from the short-lived store can never be planted as an enrolled one of
 * another user, nor the other way round). Four fields, as a wallet share's (the first release used those).
 */
export function totpContext(owner: UserRef, state: 'enrolled' | 'pending'): EnvelopeContext {
  return [owner.appId, owner.userId, 'mfa', `totp-${state}`];
}

/** Seals a base32 TOTP secret for `owner` under the current master key (its id is in the output). */
export function sealTotpSecret(
  keyring: Keyring,
  owner: UserRef,
  state: 'enrolled' | 'pending',
  secret: string,
): string {
  return sealEnvelope(keyring, TOTP_PURPOSE, totpContext(owner, state), Buffer.from(secret, 'utf8'));
}

/** Opens a sealed TOTP secret; throws EnvelopeError when it is not `owner`'s or was changed. */
export function openTotpSecret(
  keyring: Keyring,
  owner: UserRef,
  state: 'enrolled' | 'pending',
  sealed: string,
): string {
  return openEnvelope(keyring, TOTP_PURPOSE, totpContext(owner, state), sealed).toString('utf8');
}
