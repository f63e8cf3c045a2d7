import type { User } from '@latch/protocol';
import { passkeyDisplayName } from '../passkeys/passkeyDisplayName.js';
import type { MfaPasskey } from './mfaEnrollmentState.js';

/** The user's linked passkeys as the enrolment's passkey step lists them. */
export function mfaPasskeysOf(user: User | null): MfaPasskey[] {
  return (user?.linkedAccounts ?? [])
    .filter((account) => account.type === 'passkey' && typeof account.credentialId === 'string')
    .map((account) => ({
      credentialId: account.credentialId as string,
      displayName: passkeyDisplayName(account),
      enrolledInMfa: account.enrolledInMfa === true,
    }));
}
