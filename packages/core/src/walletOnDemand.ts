import { LatchError, type User } from '@latch/protocol';
import { embeddedWalletOf } from './embeddedWallet/embeddedWalletController.js';
import type { HostErrorFallback } from './hostError.js';

type Report = (
  error: unknown,
  fallback: HostErrorFallback,
  keep?: readonly LatchError['code'][],
) => Promise<LatchError>;

/**
 * The host's `createWallet()` and `importWallet()`: `run` for the signed-in user, who has no embedded wallet yet.
 * Rejects with embedded_wallet_already_exists when they have one and must_be_authenticated when signed out (the
 * caller's mistakes: no `onError`), client_request_cancelled / approval_rejected when the user closed the screen or
 * pressed Cancel in the frame, else
 * unknown_embedded_wallet_error (the finer code as `reason`), which `onError` hears.
 */
export async function walletOnDemand(user: User | null, report: Report, run: (user: User) => Promise<User>) {
  try {
    if (!user) throw new LatchError('must_be_authenticated');
    if (embeddedWalletOf(user)) throw new LatchError('embedded_wallet_already_exists');
    return await run(user);
  } catch (error) {
    throw await report(error, 'unknown_embedded_wallet_error', [
      'embedded_wallet_already_exists',
      'client_request_cancelled',
      'approval_rejected',
    ]);
  }
}
