import { LatchError, type OAuthProvider } from '@latch/protocol';
import type { CodeLoginOptions, LoginResult } from '../actions/context.js';
import type { PreparedSiweMessage } from '../actions/walletActions.js';
import type { LatchClient } from '../client.js';
import { createHeadlessRun, type HeadlessRun, NO_AUTH_FLOW_TEXT } from './headlessRun.js';

/** What a headless login needs: the client's actions, and the after-login steps of createLatch (completeLogin). */
export interface HeadlessDeps {
  client: LatchClient;
  completeLogin(result: LoginResult): Promise<LoginResult>;
}

/** The state half of every headless login (bound by a UI). */
type Observed<Step extends string> = Pick<HeadlessRun<Step>, 'getState' | 'subscribe'>;

/** Email or SMS code login without the modal: send a code, then log in with it. */
export interface CodeLogin extends Observed<'sending-code' | 'awaiting-code-input' | 'submitting-code'> {
  /** Sends a login code to `destination` (an email address, or an E.164 phone number). */
  sendCode(destination: string): Promise<void>;
  /** Logs in with the code sent last; `disableSignup` refuses a new user (signup_disabled). */
  loginWithCode(code: string, options?: CodeLoginOptions): Promise<LoginResult>;
}

/** A code login by email or SMS, on the client's code actions. */
export function createCodeLogin(deps: HeadlessDeps, channel: 'email' | 'sms'): CodeLogin {
  const { client } = deps;
  const run = createHeadlessRun<'sending-code' | 'awaiting-code-input' | 'submitting-code'>();
  let destination: string | null = null;
  return {
    getState: run.getState,
    subscribe: run.subscribe,
    sendCode: (to) =>
      run.step('sending-code', 'awaiting-code-input', async () => {
        await (channel === 'email' ? client.sendEmailCode(to) : client.sendSmsCode(to));
        destination = to;
      }),
    loginWithCode: (code, options) =>
      run.step('submitting-code', 'done', async () => {
        if (destination === null) throw new LatchError('invalid_data', NO_AUTH_FLOW_TEXT);
        const login = channel === 'email' ? client.loginWithEmailCode : client.loginWithSmsCode;
        return deps.completeLogin(await login(destination, code, options));
      }),
  };
}

/** A login of one step (OAuth's round trip, a passkey ceremony): 'loading' while it runs. */
export interface OneStepLogin<Args extends unknown[]> extends Observed<'loading'> {
  start(...args: Args): Promise<LoginResult>;
}

/** OAuth login without the modal: the provider's popup (or redirect), on the client's OAuth action. */
export function createOAuthLogin(deps: HeadlessDeps): OneStepLogin<[OAuthProvider]> {
  const run = createHeadlessRun<'loading'>();
  return {
    getState: run.getState,
    subscribe: run.subscribe,
    start: (provider) =>
      run.step('loading', 'done', async () => deps.completeLogin(await deps.client.loginWithOAuth(provider))),
  };
}

/** Passkey login without the modal: the browser's passkey dialogue, on the client's passkey action. */
export function createPasskeyLogin(deps: HeadlessDeps): OneStepLogin<[]> {
  const run = createHeadlessRun<'loading'>();
  return {
    getState: run.getState,
    subscribe: run.subscribe,
    start: () => run.step('loading', 'done', async () => deps.completeLogin(await deps.client.loginWithPasskey())),
  };
}

/** What a wallet signed, with its types when the host knows them (default 'unknown'). */
export interface SiweSignature {
  message: string;
  signature: string;
  walletClientType?: string;
  connectorType?: string;
}

/** Sign-In with Ethereum without the modal: the message to sign, then the login with its signature. */
export interface SiweLogin extends Observed<'generating-message' | 'awaiting-signature' | 'submitting-signature'> {
  generateMessage(account: { address: string; chainId: number }): Promise<string>;
  login(signed: SiweSignature): Promise<LoginResult>;
}

/** A SIWE login on the client's wallet actions (the server checks the nonce, domain and signature). */
export function createSiweLogin(deps: HeadlessDeps): SiweLogin {
  const { client } = deps;
  const run = createHeadlessRun<'generating-message' | 'awaiting-signature' | 'submitting-signature'>();
  let prepared: PreparedSiweMessage | null = null;
  return {
    getState: run.getState,
    subscribe: run.subscribe,
    generateMessage: (account) =>
      run.step('generating-message', 'awaiting-signature', async () => {
        prepared = await client.prepareWalletSignIn(account);
        return prepared.message;
      }),
    login: (signed) =>
      run.step('submitting-signature', 'done', async () => {
        if (prepared?.message !== signed.message)
          throw new LatchError(
            'invalid_data',
            prepared ? 'Sign the message of generateSiweMessage.' : NO_AUTH_FLOW_TEXT,
          );
        const result = await client.loginWithWalletSignature({
          message: signed.message,
          signature: signed.signature,
          chainId: prepared.chainId,
          walletClientType: signed.walletClientType ?? 'unknown',
          connectorType: signed.connectorType ?? 'unknown',
        });
        return deps.completeLogin(result);
      }),
  };
}
