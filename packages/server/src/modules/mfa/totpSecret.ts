import { openEnvelope, type ShareContext, sealEnvelope } from '../wallets/envelope.js';
import type { WalletOwner } from '../wallets/walletInput.js';
import type { WalletKeyring } from '../wallets/walletKeyring.js';

/** The envelope purpose of TOTP secrets: its own key, derived from the master key (walletKeyring.ts). */
export const TOTP_PURPOSE = 'mfa-totp-kek';

/**
 * The envelope context of a user's TOTP secret: the AAD binds app and user, and `enrolled` vs
 * `pending` (a pending secret from the short-lived store can never be planted as an enrolled one of
 * another user, nor the other way round). The wallet fields of `ShareContext` carry the labels.
 */
export function totpContext(owner: WalletOwner, state: 'enrolled' | 'pending'): ShareContext {
  return { appId: owner.appId, userId: owner.userId, walletId: 'mfa', shareSetId: `totp-${state}` };
}

/** Seals a base32 TOTP secret for `owner` under the current master key (its id is in the output). */
export function sealTotpSecret(
  keyring: WalletKeyring,
  owner: WalletOwner,
  state: 'enrolled' | 'pending',
  secret: string,
): string {
  return sealEnvelope(keyring, TOTP_PURPOSE, totpContext(owner, state), Buffer.from(secret, 'utf8'));
}

/** Opens a sealed TOTP secret; throws EnvelopeError when it is not `owner`'s or was changed. */
export function openTotpSecret(
  keyring: WalletKeyring,
  owner: WalletOwner,
  state: 'enrolled' | 'pending',
  sealed: string,
): string {
  return openEnvelope(keyring, TOTP_PURPOSE, totpContext(owner, state), sealed).toString('utf8');
}
