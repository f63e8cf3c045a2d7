import type {
  CaptchaChallenge,
  CodePurpose,
  HostErrorEvent,
  OAuthProvider,
  User,
  WireTelegramAuthResult,
} from '@latch/protocol';
import type { CodeLoginOptions } from '../actions/context.js';
import type { FrameCalls } from '../embeddedWallet/embeddedWalletRuntimeTypes.js';
import type { FarcasterActions } from '../farcaster/farcasterActions.js';
import type { FlowClock } from '../machine/flowClock.js';
import { type FlowError, toFlowError } from '../machine/flowError.js';
import { createMachineCore, type MachineRunner, runnerOf } from '../machine/machineCore.js';
import type { OAuthLoginOptions } from '../oauth/oauthActions.js';
import type { OAuthReturn } from '../session/returnParams.js';
import type { LatchState } from '../store.js';
import { afterLogin, authFlowTransition } from './authFlow.js';
import { withHostErrors } from './flowHostError.js';
import type {
  AuthFlowState,
  ExitError,
  FlowEffect,
  FlowEvent,
  FlowIntent,
  SocialEvent,
  Transition,
} from './flowTypes.js';
import { initialAuthFlowState, navigate, showError } from './modalNavigation.js';
import { loadedPasskeyFlow, loadPasskeyFlow } from './passkeyFlowLoader.js';
import { loadedSocialFlow, loadSocialFlow } from './socialFlowLoader.js';

/** The client actions the flows call (a subset of the Latch client). */
export interface FlowActions {
  sendEmailCode(email: string, captchaToken?: string, purpose?: CodePurpose): Promise<unknown>;
  sendSmsCode(phone: string, captchaToken?: string, purpose?: CodePurpose): Promise<unknown>;
  loginWithEmailCode(
    email: string,
    code: string,
    options?: CodeLoginOptions,
  ): Promise<{ user: User; isNewUser: boolean }>;
  loginWithSmsCode(
    phone: string,
    code: string,
    options?: CodeLoginOptions,
  ): Promise<{ user: User; isNewUser: boolean }>;
  linkEmail(email: string, code: string): Promise<User>;
  linkPhone(phone: string, code: string): Promise<User>;
  updateEmail(oldAddress: string, newAddress: string, code: string): Promise<User>;
  acceptTerms(): Promise<User>;
  logout(): Promise<void>;
  loginWithPasskey(options?: { signal?: AbortSignal }): Promise<{ user: User; isNewUser: boolean }>;
  signUpWithPasskey(options?: { signal?: AbortSignal }): Promise<{ user: User; isNewUser: boolean }>;
  linkPasskey(options?: { signal?: AbortSignal }): Promise<User>;
  unlinkPasskey(credentialId: string): Promise<User>;
  loginWithOAuth(provider: OAuthProvider, options?: OAuthLoginOptions): Promise<{ user: User; isNewUser: boolean }>;
  linkOAuth(provider: OAuthProvider, options?: OAuthLoginOptions): Promise<User>;
  completeOAuthRedirect(returned: OAuthReturn, intent: 'login' | 'link'): Promise<{ user: User; isNewUser: boolean }>;
  loginWithTelegram(result: WireTelegramAuthResult, captchaToken?: string): Promise<{ user: User; isNewUser: boolean }>;
  /** A proof-of-work challenge of the app's self-hosted captcha (the captcha's provider asks). */
  captchaChallenge(): Promise<CaptchaChallenge>;
  linkTelegram(result: WireTelegramAuthResult): Promise<User>;
  loadTelegramScript(): Promise<void>;
  /** The Farcaster calls (farcaster/farcasterActions.ts), loaded on first use. */
  farcaster(): Promise<FarcasterActions>;
  /** The access token, for the Farcaster signer's frame calls. */
  getAccessToken(): Promise<string | null>;
  /** The signed-in user, fresh from the server (the Farcaster signer's approval changes it). */
  refreshUser(): Promise<User>;
  /** The client state: the Telegram effect reads the app's bot from its config. */
  getState(): LatchState;
}

/** What the host hears when a flow ends (SPEC §4 "Closing reports ..."). */
export interface FlowHandlers {
  onComplete?(result: { intent: FlowIntent; user: User; isNewUser: boolean }): void;
  onExit?(error: ExitError): void;
  /** A login or link failed in a way SPEC §8 reports to the host (unknown_auth_error, failed_to_link_account, …). */
  onError?(event: HostErrorEvent): void;
  /** Filled by the embedded-wallet issue; without it, creation is skipped. */
  createEmbeddedWallet?(user: User): Promise<User>;
  /** The embedded wallet's frame, for the Farcaster signer's key (AWAITING_FARCASTER_SIGNER). */
  frameCalls?: FrameCalls;
}

/** A running modal flow. */
export type FlowRunner = MachineRunner<AuthFlowState, FlowEvent>;

/** Runs the auth flow: applies transitions and executes their effects with the actions and the clock. */
export function createFlowRunner(options: {
  actions: FlowActions;
  clock: FlowClock;
  handlers: () => FlowHandlers;
}): FlowRunner {
  const { actions, clock, handlers } = options;
  // The passkey flow loads with its first event (out of the page's initial JavaScript), which then replays.
  // So does the OAuth and Telegram flow.
  const flow = (state: AuthFlowState, event: FlowEvent): Transition => {
    if (/oauth|telegram|farcaster/i.test(event.type)) {
      const socialFlow = loadedSocialFlow();
      if (!socialFlow) return { state, effects: [{ type: 'loadSocialFlow', event: event as SocialEvent }] };
      return socialFlow.socialBrowserTransition(state, event as SocialEvent, { afterLogin, navigate, showError });
    }
    if (event.type !== 'startPasskey' && event.type !== 'passkeySucceeded' && event.type !== 'passkeyFailed') {
      return authFlowTransition(state, event);
    }
    const passkeyFlow = loadedPasskeyFlow();
    if (passkeyFlow) return passkeyFlow.passkeyTransition(state, event, { afterLogin, navigate, showError });
    return { state, effects: [{ type: 'loadPasskeyFlow', event }] };
  };
  // An app with captcha on: the captcha's flow (loaded with its first event, then replayed) wraps the others.
  let captcha: typeof import('../captcha/captchaChunk.js') | undefined;
  const transition = (state: AuthFlowState, event: FlowEvent): Transition =>
    !actions.getState().config?.captchaEnabled
      ? flow(state, event)
      : captcha
        ? captcha.captchaTransition(state, event, flow)
        : { state, effects: [{ type: 'loadCaptcha', event }] };
  const core = createMachineCore({
    initial: initialAuthFlowState(),
    transition: withHostErrors(transition),
    clock,
    run,
  });
  // The passkey attempt whose ceremony may still start. Once the flow replaces or abandons it (sign-up after a
  // pending login, back, a close), its signal aborts: were its system dialogue to start late, @simplewebauthn would
  // abort the live attempt's ceremony for it.
  let livePasskey: { attempt: number; controller: AbortController } | null = null;
  core.subscribe(() => {
    const { passkey } = core.getState();
    if (!livePasskey || (passkey.status === 'pending' && passkey.attempt === livePasskey.attempt)) return;
    livePasskey.controller.abort();
    livePasskey = null;
  });
  const settle = <T>(promise: Promise<T>, ok: (value: T) => FlowEvent, fail: (error: FlowError) => FlowEvent) =>
    core.settle(promise, ok, (error) => fail(toFlowError(error)));

  const submit = (effect: Extract<FlowEffect, { type: 'submitCode' }>): Promise<{ user: User; isNewUser: boolean }> => {
    const { channel, intent, destination, code } = effect;
    const asLinked = (user: User) => ({ user, isNewUser: false });
    if (intent === 'login') {
      const options = effect.disableSignup ? [{ disableSignup: true }] : [];
      return channel === 'email'
        ? actions.loginWithEmailCode(destination, code, ...options)
        : actions.loginWithSmsCode(destination, code, ...options);
    }
    if (intent === 'update') {
      return actions.updateEmail(effect.previousAddress ?? '', destination, code).then(asLinked);
    }
    return (channel === 'email' ? actions.linkEmail(destination, code) : actions.linkPhone(destination, code)).then(
      asLinked,
    );
  };

  function run(effect: FlowEffect): void {
    switch (effect.type) {
      case 'after':
        core.after(effect.ms, effect.event, effect.timeout);
        return;
      case 'cancelTimers':
        core.cancelTimers();
        return;
      case 'sendCode': {
        // A code works only for its purpose: the flow's intent (login, link or update).
        const { channel, destination, intent, captchaToken } = effect;
        const purpose = intent === 'login' ? undefined : intent;
        const send =
          channel === 'email'
            ? actions.sendEmailCode(destination, captchaToken, purpose)
            : actions.sendSmsCode(destination, captchaToken, purpose);
        settle(
          send,
          () => ({ type: 'codeSent' }),
          (error) => ({ type: 'sendFailed', error }),
        );
        return;
      }
      case 'submitCode':
        settle(
          submit(effect),
          ({ user, isNewUser }) => ({ type: 'codeAccepted', user, isNewUser }),
          (error) => ({ type: 'codeRejected', error }),
        );
        return;
      case 'loadPasskeyFlow':
        // A failed load changes nothing: the user's next click tries again.
        loadPasskeyFlow().then(
          () => core.dispatch(effect.event),
          () => undefined,
        );
        return;
      case 'passkey': {
        const { attempt } = effect;
        const controller = new AbortController();
        livePasskey = { attempt, controller };
        settle(
          // Only the loaded passkey flow emits this effect.
          loadedPasskeyFlow()!.runPasskeyEffect(actions, effect, controller.signal),
          ({ user, isNewUser }) => ({ type: 'passkeySucceeded', attempt, user, isNewUser }),
          (error) => ({ type: 'passkeyFailed', attempt, error }),
        );
        return;
      }
      case 'loadSocialFlow':
        // As the passkey flow: a failed load changes nothing, the next click tries again.
        loadSocialFlow().then(
          () => core.dispatch(effect.event),
          () => undefined,
        );
        return;
      case 'oauth':
      case 'telegram':
      case 'farcaster':
      case 'loadTelegramScript':
        // Only the loaded social flow emits these; it runs them too.
        loadedSocialFlow()!.runSocialEffect(actions, effect, settle, handlers);
        return;
      case 'acceptTerms':
        settle(
          actions.acceptTerms(),
          (user) => ({ type: 'termsAccepted', user }),
          (error) => ({ type: 'postLoginFailed', error }),
        );
        return;
      case 'createEmbeddedWallet': {
        const create = handlers().createEmbeddedWallet;
        const created = create ? create(effect.user) : Promise.resolve(effect.user);
        settle(
          created,
          (user) => ({ type: 'walletCreated', user }),
          (error) => ({ type: 'postLoginFailed', error }),
        );
        return;
      }
      case 'logout':
        // Logout always clears locally (SPEC §4); a failed server call changes nothing for the flow.
        actions.logout().catch(() => undefined);
        return;
      case 'reportComplete':
        handlers().onComplete?.({ intent: effect.intent, user: effect.user, isNewUser: effect.isNewUser });
        return;
      case 'reportExit':
        handlers().onExit?.(effect.error);
        return;
      case 'reportError':
        handlers().onError?.(effect.error);
        return;
      case 'loadCaptcha':
        // As the passkey flow: a failed load changes nothing, the next click tries again.
        import('../captcha/captchaChunk.js').then(
          (module) => {
            captcha = module;
            core.dispatch(effect.event);
          },
          () => undefined,
        );
        return;
      default:
        // The captcha's own effects: only its loaded flow emits them.
        captcha?.runCaptchaEffect(effect, core.dispatch, actions);
    }
  }

  // Destroy cancels only the timers: subscribers unsubscribe themselves (React may re-run effects on a live runner).
  return runnerOf(core);
}
