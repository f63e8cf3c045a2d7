import type {
  StepUpAction,
  TokenResponse,
  WirePasskeyAssertion,
  WirePasskeyCreationOptions,
  WirePasskeyRegistration,
  WirePasskeyRequestOptions,
  WireUser,
} from '@latch/protocol';
import { PASSKEY_API } from '@latch/protocol/passkeys';
import { stepUpForTest } from '../../../identity/stepUp/testing/stepUpForTest.js';
import { type TestServer, widgetHeaders } from '../../../test/harness.js';
import { type CreateTamper, type GetTamper, PASSKEY_ORIGIN, type SoftAuthenticator } from './softAuthenticator.js';

/** A desktop Chrome on macOS, for the display fields. */
const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Calls the passkey endpoints of a test server for one app, from the app's origin, with a soft authenticator. */
export function passkeyTestClient(server: TestServer, appId: string, clientId: string) {
  const post = (path: string, body: unknown, token?: string) =>
    server.call('POST', path, {
      body,
      headers: { ...widgetHeaders(appId, clientId, token), origin: PASSKEY_ORIGIN, 'user-agent': CHROME_ON_MAC },
    });

  const ok = async <T>(res: Response, what: string): Promise<T> => {
    if (res.status !== 200) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };

  const options = async <T>(path: string, token?: string): Promise<T> =>
    (await ok<{ options: T }>(await post(path, {}, token), path)).options;

  return {
    post,
    /**
     * Steps the token's session up for `action` (stepUp/testing/stepUpForTest.ts): with a passkey of
     * `authenticator` when given, else with the user's email or phone.
     */
    stepUp: (token: string, action: StepUpAction, authenticator?: SoftAuthenticator) =>
      stepUpForTest(server, { appId, clientId, token }, action, { passkey: authenticator, origin: PASSKEY_ORIGIN }),
    /** Sign-up options, then the registration the authenticator makes for them (not sent). */
    async signUpCredential(authenticator: SoftAuthenticator, tamper?: CreateTamper): Promise<WirePasskeyRegistration> {
      const opts = await options<WirePasskeyCreationOptions>(PASSKEY_API.registerInit);
      return authenticator.create(opts, PASSKEY_ORIGIN, tamper);
    },
    /** Signs a new user up with a new passkey of `authenticator`. */
    async signUp(authenticator: SoftAuthenticator): Promise<TokenResponse> {
      const credential = await this.signUpCredential(authenticator);
      return ok(await post(PASSKEY_API.register, { credential }), 'register');
    },
    /** Login options, then the assertion the authenticator makes for them (not sent). */
    async logInAssertion(authenticator: SoftAuthenticator, tamper?: GetTamper): Promise<WirePasskeyAssertion> {
      const opts = await options<WirePasskeyRequestOptions>(PASSKEY_API.authenticateInit);
      return authenticator.get(opts, PASSKEY_ORIGIN, tamper);
    },
    /** POSTs an assertion to authenticate. */
    authenticate: (credential: unknown) => post(PASSKEY_API.authenticate, { credential }),
    /** Logs in with the authenticator's passkey. */
    async logIn(authenticator: SoftAuthenticator): Promise<TokenResponse> {
      return ok(await this.authenticate(await this.logInAssertion(authenticator)), 'authenticate');
    },
    /** Link options for the token's user. */
    linkOptions: (token: string) => options<WirePasskeyCreationOptions>(PASSKEY_API.linkInit, token),
    /** Link options for the token's user, then the registration the authenticator makes (not sent). */
    async linkCredential(
      token: string,
      authenticator: SoftAuthenticator,
      tamper?: CreateTamper,
    ): Promise<WirePasskeyRegistration> {
      return authenticator.create(await this.linkOptions(token), PASSKEY_ORIGIN, tamper);
    },
    /** POSTs a registration to link. */
    linkRaw: (token: string, credential: unknown) => post(PASSKEY_API.link, { credential }, token),
    /**
     * Links a new passkey of `authenticator` to the token's user, after a `link` step-up with a passkey of
     * `stepUpWith` (a passkey user), or with the user's email or phone when it is 'code'.
     */
    async link(
      token: string,
      authenticator: SoftAuthenticator,
      stepUpWith: SoftAuthenticator | 'code',
    ): Promise<WireUser> {
      await this.stepUp(token, 'link', stepUpWith === 'code' ? undefined : stepUpWith);
      return ok(await this.linkRaw(token, await this.linkCredential(token, authenticator)), 'link');
    },
    /** POSTs an unlink. */
    unlink: (token: string, credentialId: string) => post(PASSKEY_API.unlink, { credential_id: credentialId }, token),
  };
}

/** The credential ids of a user's linked passkeys, in order. */
export const passkeyIds = (user: WireUser): string[] =>
  user.linked_accounts.flatMap((a) => (a.type === 'passkey' ? [a.credential_id] : []));

/** A new app "Acme" with passkey and email login (plus `config`), served from the passkey origin, and its client. */
export async function setUpPasskeyApp(server: TestServer, config: Record<string, unknown> = {}) {
  const { appId, clientId } = await server.createApp({
    name: 'Acme',
    config: { passkey_auth: true, email_auth: true, ...config },
    allowedOrigins: [PASSKEY_ORIGIN],
  });
  return { appId, client: passkeyTestClient(server, appId, clientId) };
}
