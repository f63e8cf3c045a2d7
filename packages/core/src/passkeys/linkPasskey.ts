import type { User, WirePasskeyCreationOptions } from '@latch/protocol';
import { PASSKEY_API } from '@latch/protocol/passkeys';
import { type ActionContext, sendAuthed, sendForUser } from '../actions/context.js';
import { runPasskeyRegistration } from './passkeyCeremony.js';

/** Adds a new passkey to the signed-in user (at most 5: the server answers cannot_link_more_of_type); returns the user. */
export async function linkPasskey(ctx: ActionContext, signal?: AbortSignal): Promise<User> {
  const { options } = await sendAuthed<{ options: WirePasskeyCreationOptions }>(ctx, PASSKEY_API.linkInit, {});
  const credential = await runPasskeyRegistration(options, signal);
  return sendForUser(ctx, PASSKEY_API.link, { credential });
}
