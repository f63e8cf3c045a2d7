import { type CodePurpose, LatchError, type TokenResponse, toUser, type User, type WireUser } from '@latch/protocol';
import type { Clock } from '../clock.js';
import type { Session } from '../session/session.js';
import type { StateStore } from '../store.js';
import type { RequestOptions, Transport } from '../transport/transport.js';

/** What every action family works with. */
export interface ActionContext {
  appId: string;
  clientId: string | null;
  clock: Clock;
  transport: Transport;
  session: Session;
  store: StateStore;
  /** Aborted by `destroy()`: in-flight calls then end with `client_request_cancelled`. */
  signal: AbortSignal;
  /**
   * Steps up when a signed-in call answers `step_up_required` (the widget's step-up screen): resolves once
   * verified, then the call is sent once more; rejects with `error` when the user cancels. Unset: the error stands.
   */
  stepUp?(path: string, body: unknown, error: unknown): Promise<void>;
}

/** Options of a code login: `disableSignup` makes a login that would create a user fail (signup_disabled). */
export interface CodeLoginOptions {
  disableSignup?: boolean;
}

/** The server's login mode for these options (undefined: log in or sign up, the default). */
export const loginModeOf = (options?: CodeLoginOptions) => (options?.disableSignup ? 'no-signup' : undefined);

/** The outcome of a login. */
export interface LoginResult {
  user: User;
  isNewUser: boolean;
}

const isRefusedToken = (error: unknown) =>
  error instanceof LatchError && (error.code === 'missing_or_invalid_token' || error.code === 'must_be_authenticated');

/** Request options an action may add: whether a user waits on the call (RequestOptions.waitOnUnavailable). */
type ActionRequest = Pick<RequestOptions, 'waitOnUnavailable'>;

/** POSTs (or GETs without a body) with the bearer token when one is active, for calls that work signed out too. */
export function sendOpen<T>(ctx: ActionContext, path: string, body?: unknown, extra: ActionRequest = {}): Promise<T> {
  return ctx.transport.request<T>(path, { body, token: ctx.session.activeToken(), signal: ctx.signal, ...extra });
}

const WAITING: ActionRequest = { waitOnUnavailable: true };

/**
 * Sends a one-time code (email or SMS init): a login code signed out, a code for a signed-in user's change
 * (link, update, unlink) with the bearer token (sendAuthed).
 */
export async function sendCode<B extends { purpose?: CodePurpose }>(
  ctx: ActionContext,
  path: string,
  body: B,
): Promise<void> {
  // The user waits on the code: a server that is briefly unavailable is given its Retry-After.
  if (body.purpose === undefined || body.purpose === 'login') await sendOpen(ctx, path, body, WAITING);
  else await sendAuthed(ctx, path, body, WAITING);
}

/**
 * Sends a call that needs a signed-in user: `must_be_authenticated` locally when signed out; when the server
 * refuses the token (clock skew, revoked), one refresh and one more try; when it asks for a step-up and
 * `ctx.stepUp` is set, the step-up and one more try.
 */
export async function sendAuthed<T>(
  ctx: ActionContext,
  path: string,
  body?: unknown,
  extra: ActionRequest = {},
): Promise<T> {
  const token = await ctx.session.getAccessToken();
  if (token === null) throw new LatchError('must_be_authenticated');
  try {
    return await ctx.transport.request<T>(path, { body, token, signal: ctx.signal, ...extra });
  } catch (error) {
    // What lets the call go through once more: the step-up (same token), or a refreshed token.
    const fresh = await ((error as LatchError).code === 'step_up_required'
      ? ctx.stepUp?.(path, body, error).then(() => token)
      : isRefusedToken(error) && ctx.session.refresh(token));
    if (!fresh) throw error;
    return ctx.transport.request<T>(path, { body, token: fresh, signal: ctx.signal, ...extra });
  }
}

/**
 * The user of a user-returning answer. The contract is the WireUser as the whole body; a `{ user }` wrapper
 * (what GET users/me answered while the server was being written) is accepted too, so either side can move.
 */
export function userOf(body: WireUser | { user: WireUser }): User {
  return toUser('user' in body ? body.user : body);
}

/** Sends a call that answers with the updated user, stores it in state and returns it. */
export async function sendForUser(ctx: ActionContext, path: string, body?: unknown): Promise<User> {
  const user = userOf(await sendAuthed<WireUser | { user: WireUser }>(ctx, path, body));
  // A link or unlink changed the accounts: the identity token's list is stale, the next one comes by refresh.
  const accounts = (u: User | null) => JSON.stringify(u?.linkedAccounts);
  if (accounts(ctx.store.get().user) !== accounts(user)) ctx.session.forgetIdentityToken();
  ctx.store.update({ user });
  return user;
}

/** Stores an authenticate response per its session_update_action and signs the user in. */
export function signIn(ctx: ActionContext, response: TokenResponse): LoginResult {
  if (!ctx.session.applyTokenResponse(response)) {
    throw new LatchError('missing_or_invalid_token', 'The server did not start a session.');
  }
  // A new login replaces (or, without one, forgets) the grant of an earlier login; kept before the
  // user is published so the embedded wallet sees it when it hears of the new user.
  ctx.session.keepDeviceGrant(response.device_grant ?? null);
  const user = toUser(response.user);
  ctx.store.update({ user, error: null });
  return { user, isNewUser: response.is_new_user ?? false };
}
