import type { CodePurpose, HostErrorEvent, OAuthProvider, User, WireTelegramAuthResult } from '@latch/protocol';
import type { CodeLoginOptions } from '../actions/context.js';
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
  loginWithPasskey(): Promise<{ user: User; isNewUser: boolean }>;
  signUpWithPasskey(): Promise<{ user: User; isNewUser: boolean }>;
  linkPasskey(): Promise<User>;
  unlinkPasskey(credentialId: string): Promise<User>;
  loginWithOAuth(provider: OAuthProvider, options?: OAuthLoginOptions): Promise<{ user: User; isNewUser: boolean }>;
  linkOAuth(provider: OAuthProvider, options?: OAuthLoginOptions): Promise<User>;
  completeOAuthRedirect(returned: OAuthReturn, intent: 'login' | 'link'): Promise<{ user: User; isNewUser: boolean }>;
  loginWithTelegram(result: WireTelegramAuthResult): Promise<{ user: User; isNewUser: boolean }>;
  linkTelegram(result: WireTelegramAuthResult): Promise<User>;
  loadTelegramScript(): Promise<void>;
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
  const transition = (state: AuthFlowState, event: FlowEvent): Transition => {
    if (/oauth|telegram/i.test(event.type)) {
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
  const core = createMachineCore({
    initial: initialAuthFlowState(),
    transition: withHostErrors(transition),
    clock,
    run,
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
        core.after(effect.ms, effect.event);
        return;
      case 'cancelTimers':
        core.cancelTimers();
        return;
      case 'sendCode': {
        // A code works only for its purpose: the flow's intent (login, link or update).
        const { channel, destination, intent } = effect;
        const purpose = intent === 'login' ? [] : ([undefined, intent] as const);
        const send =
          channel === 'email'
            ? actions.sendEmailCode(destination, ...purpose)
            : actions.sendSmsCode(destination, ...purpose);
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
        settle(
          // Only the loaded passkey flow emits this effect.
          loadedPasskeyFlow()!.runPasskeyEffect(actions, effect),
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
      case 'loadTelegramScript':
        // Only the loaded social flow emits these; it runs them too.
        loadedSocialFlow()!.runSocialEffect(actions, effect, settle);
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
    }
  }

  // Destroy cancels only the timers: subscribers unsubscribe themselves (React may re-run effects on a live runner).
  return runnerOf(core);
}
