import { IDENTITY_API, LatchError, toUser, type User } from '@latch/protocol';
import { type ActionContext, type LoginResult, signIn } from '../actions/context.js';
import { createPkce } from '../oauth/pkce.js';
import { forkHandOff, redeemCode } from './sessionHandOff.js';

// The mobile wallet redirect's hand-off (SPEC §7: the fork "is also used to obtain a token for the mobile wallet
// redirect"; docs/client.md "Into a wallet's browser"). A signed-in page reopens itself in a wallet's in-app
// browser — another browser, with no storage of this one — so the one-time value travels with the link: the
// hand-off code and the verifier of the challenge it was forked for (`code.verifier`), redeemable once within
// 120 s, never a session token. A link that signs in whoever opens it is login CSRF, so the receiving page holds
// the redeemed session in memory and stores it only when the user confirms the account is theirs; a decline
// logs that session out.

/** A redeemed hand-off waiting for the user's word: nothing is stored until `adopt`. */
export interface PendingWalletHandOff {
  /** Whose session it is: the account the confirmation names. */
  user: User;
  /** Stores the session and signs the user in (once). */
  adopt(): LoginResult;
  /** Logs the redeemed session out on the server (once); this page stays signed out. */
  decline(): Promise<void>;
}

/** Forks this page's session for the wallet's browser: the `code.verifier` value the in-app browser link carries. */
export async function startWalletHandOff(ctx: ActionContext): Promise<string> {
  const { verifier, challenge } = await createPkce();
  const code = await forkHandOff(ctx.session, challenge);
  return `${code}.${verifier}`;
}

/**
 * Redeems a link's hand-off in this signed-out page, without storing it; null (with a console warning) when the
 * page has a session of its own (SPEC §4: "Login while already logged in only warns") or the server refuses it
 * (spent, expired, another app's).
 */
export async function redeemWalletHandOff(ctx: ActionContext, link: string): Promise<PendingWalletHandOff | null> {
  const [code, verifier, ...rest] = link.split('.');
  if (!code || !verifier || rest.length > 0 || ctx.session.hasSession()) {
    console.warn('Latch: ignored a wallet session hand-off (this page is signed in, or the link is malformed).');
    return null;
  }
  const response = await redeemCode(ctx.transport, code, verifier, ctx.signal);
  if (response === null) return null;
  let settled = false;
  const settle = () => {
    if (settled) throw new LatchError('invalid_hand_off', 'This hand-off was already answered.');
    settled = true;
  };
  return {
    user: toUser(response.user),
    adopt() {
      settle();
      return signIn(ctx, response);
    },
    async decline() {
      settle();
      // Its own tokens, not this page's (it has none): the session the link started ends on the server.
      await ctx.transport
        .request(IDENTITY_API.logout, { body: { refresh_token: response.refresh_token }, token: response.token })
        .catch(() => undefined);
    },
  };
}
