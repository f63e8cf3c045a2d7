import type { User } from '@latch/protocol';
import type { MfaPasskey } from './mfaEnrollmentFlow.js';

/** SPEC §4 passkey display name: 'authenticator on browser', else 'browser on OS', else 'Unknown device'. */
export function passkeyDisplayName(account: Record<string, unknown>): string {
  const text = (key: string) =>
    typeof account[key] === 'string' && account[key] !== '' ? (account[key] as string) : null;
  const authenticator = text('authenticatorName');
  const browser = text('createdWithBrowser');
  const os = text('createdWithOs');
  if (authenticator && browser) return `${authenticator} on ${browser}`;
  if (browser && os) return `${browser} on ${os}`;
  return 'Unknown device';
}

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
