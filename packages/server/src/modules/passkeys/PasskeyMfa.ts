import type { WirePasskeyAssertion, WirePasskeyRequestOptions } from '@latch/protocol';
import type { UserRef } from '../../identity/users/userRef.js';

/**
 * What the MFA service (auth/mfa) needs of passkeys: challenges over the user's MFA-enrolled passkeys,
 * their verification, and the enrolment flag. Implemented by `Passkeys` (Passkeys.ts), `ctx.passkeys`.
 */
export interface PasskeyMfa {
  /** Request options over the user's MFA-enrolled passkeys; the challenge is bound to (app, user, session) and single use. */
  mfaRequestOptions(owner: UserRef, sessionId: string): Promise<WirePasskeyRequestOptions>;
  /** Verifies an assertion by one of the user's MFA-enrolled passkeys for a challenge of this session (taken: single use); records the counter; throws LatchError('missing_or_invalid_mfa') when it does not check out. */
  verifyMfaAssertion(owner: UserRef, sessionId: string, credential: WirePasskeyAssertion): Promise<void>;
  /** Flags linked passkeys as enrolled in MFA or not ('all': every one of the user's); an id not linked to the user → LatchError('account_not_linked'). */
  setEnrolledInMfa(owner: UserRef, credentialIds: string[] | 'all', enrolled: boolean): Promise<void>;
  /** The ids of the user's MFA-enrolled passkeys. */
  mfaCredentialIds(owner: UserRef): Promise<string[]>;
}
