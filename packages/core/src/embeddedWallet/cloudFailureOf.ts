import { LatchError } from '@latch/protocol';
import type { CloudFailure } from './cloudRecoveryStep.js';
import { EmbeddedWalletError } from './embeddedWalletError.js';

const NAMED: readonly string[] = [
  'cloud_backup_not_found',
  'cloud_account_mismatch',
  'oauth_user_denied',
  'too_many_requests',
  'popup_blocked',
] satisfies CloudFailure[];

/**
 * What a failed cloud round trip shows: the frame's error type (the backup file is missing, another account), the
 * popup's (closed by the user: oauth_user_denied), a rate limit ('code 429'), a blocked popup, else 'failed'.
 */
export function cloudFailureOf(error: unknown): CloudFailure {
  if (!(error instanceof LatchError)) return 'failed';
  if (error instanceof EmbeddedWalletError && error.rateLimited) return 'too_many_requests';
  const named = [error instanceof EmbeddedWalletError ? error.proxyType : '', error.code, error.message];
  return (named.find((name) => NAMED.includes(name)) as CloudFailure | undefined) ?? 'failed';
}
