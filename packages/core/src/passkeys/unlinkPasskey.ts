import type { User } from '@latch/protocol';
import { PASSKEY_API } from '@latch/protocol/passkeys';
import { type ActionContext, sendForUser } from '../actions/context.js';

/** Removes the passkey `credentialId` from the signed-in user (SPEC §7 unlink table); returns the user. */
export function unlinkPasskey(ctx: ActionContext, credentialId: string): Promise<User> {
  return sendForUser(ctx, PASSKEY_API.unlink, { credential_id: credentialId });
}
