// Loaded with the first MFA need (a gated wallet action of an app with MFA, enrolment, useMfa): the
// flows, their runners and the schemas stay out of the page's initial JavaScript.
import {
  type AppConfig,
  LatchError,
  type MfaAction,
  type MfaMethod,
  type MfaState,
  type MfaVerifyMethod,
  type TotpEnrollmentInfo,
  type User,
  type WirePasskeyAssertion,
} from '@latch/protocol';
import { mfaActions } from '../actions/mfaActions.js';
import type { EmbeddedWalletBridge } from '../embeddedWallet/embeddedWalletBridge.js';
import { tokenOrFail } from '../embeddedWallet/embeddedWalletController.js';
import { createStore } from '../machine/createStore.js';
import type { FlowClock } from '../machine/flowClock.js';
import type { MachineRunner } from '../machine/machineCore.js';
import type { StepUpState } from '../stepUp/stepUpFlow.js';
import { createStepUpRuntime, type StepUpRuntime } from '../stepUp/stepUpRuntime.js';
import { createMfaEnrollmentRunner, type MfaEnrollmentSubmit } from './mfaEnrollmentRunner.js';
import { initialMfaEnrollment, type MfaEnrollmentEvent, type MfaEnrollmentState } from './mfaEnrollmentState.js';
import type { WithMfa } from './mfaGatedBridge.js';
import { mfaPasskeysOf } from './mfaPasskeys.js';
import type { MfaPromptEvent, MfaPromptState } from './mfaPromptFlow.js';
import { createMfaPromptRunner } from './mfaPromptRunner.js';
import type { MfaRequest } from './mfaRequest.js';
import { createMfaRequests } from './mfaRequests.js';

/** What the MFA dialogs render: the pending request, the prompt, the enrolment and the step-up (null: closed). */
export interface MfaUiState {
  request: MfaRequest | null;
  prompt: MfaPromptState | null;
  enrollment: MfaEnrollmentState | null;
  /** The step-up screen (docs/widget.md "Step-up"); it shares this runtime and its dialogs' mount. */
  stepUp: StepUpState | null;
}

/** The client of the MFA runtime: the user, the config and the host page's bearer MFA calls. */
export type MfaClient = {
  authedRequest<T>(path: string, body?: unknown): Promise<T>;
  getState(): { user: User | null; config: AppConfig | null };
  subscribe(listener: () => void): () => void;
  getAccessToken(): Promise<string | null>;
  refreshUser(): Promise<User>;
};

/** The MFA side of the embedded wallet: requests, prompt, enrolment and the frame calls (docs/mfa.md "Client"). */
export interface MfaRuntime {
  getState(): MfaUiState;
  subscribe(listener: () => void): () => void;
  /** The gate of the wallet actions (mfaGatedBridge.ts and the export). */
  withMfa: WithMfa;
  /** Publishes a request for `action`; resolves once verified, rejects ('MFA canceled') when not. */
  requestVerification(action: MfaAction): Promise<void>;
  /** useMfa: SMS sends a code to the MFA phone; a passkey runs its dialog and returns the assertion for `submit`. */
  init(method: MfaMethod): Promise<WirePasskeyAssertion | undefined>;
  /** useMfa: verifies the pending request (a passkey without an assertion runs its dialog first). */
  submit(method: MfaVerifyMethod, proof?: string | WirePasskeyAssertion): Promise<void>;
  /** useMfa: the pending request's action fails with 'MFA canceled'. */
  cancel(): void;
  /** The prompt screen's events. */
  promptAction(event: MfaPromptEvent): void;
  /** Opens MFA_ENROLLMENT_FLOW_SCREEN; resolves when it closes. */
  openEnrollment(options?: { skipIntro?: boolean }): Promise<void>;
  /** The enrolment screen's events. */
  enrollmentAction(event: MfaEnrollmentEvent): void;
  /** `latch:mfa:verify` (records the verification for `action` on the server; the frame's permit for signing). */
  verify(action: MfaAction, method: MfaVerifyMethod, proof: string | WirePasskeyAssertion): Promise<MfaState>;
  initTotpEnrollment(): Promise<TotpEnrollmentInfo>;
  /** `latch:mfa:submit-enrollment`, then the user is refreshed. */
  submitEnrollment(data: MfaEnrollmentSubmit): Promise<MfaState>;
  /** `latch:mfa:unenroll`, then the user is refreshed. */
  unenroll(method: MfaMethod): Promise<MfaState>;
  /**
   * The step-up screen's runtime (stepUp/stepUpRuntime.ts): a gated call's `step_up_required` (the client's
   * `stepUp` hook), MFA enrolment and removal (`manage_mfa`) and an export without email or phone.
   */
  stepUp: StepUpRuntime;
  /** Logout or another user: waiting actions fail, the dialogs close. */
  reset(): void;
  destroy(): void;
}

type MfaCall = 'mfaVerify' | 'mfaInitEnrollment' | 'mfaSubmitEnrollment' | 'mfaUnenroll';

/** Builds the MFA runtime over the client and the (ungated) frame bridge. */
export function createMfaRuntime(deps: {
  client: MfaClient;
  bridge: EmbeddedWalletBridge;
  clock: FlowClock;
  host: {
    /** The host's `mfa.noPromptOnMfaRequired` (unset: the app config's): the host answers through useMfa. */
    noPromptOnMfaRequired?: () => boolean | undefined;
    /** Links a new passkey (the passkey module's linkPasskey), for the enrolment's passkey step. */
    linkPasskey?: () => Promise<User>;
  };
  /** Receives every state change (the embedded wallet's `mfa`). */
  publish(patch: { mfa: MfaUiState }): void;
}): MfaRuntime {
  const { client, clock, host } = deps;
  const noPrompt = () =>
    host.noPromptOnMfaRequired?.() ?? client.getState().config?.mfa?.noPromptOnMfaRequired ?? false;
  const token = () => tokenOrFail(client);
  // The frame's MFA calls live on the loaded bridge (the lazy one does not relay them).
  const frame = async <K extends MfaCall>(name: K): Promise<NonNullable<EmbeddedWalletBridge[K]>> => {
    const real = deps.bridge.load ? await deps.bridge.load() : deps.bridge;
    const call = real[name];
    if (!call) throw new LatchError('internal_error', 'The wallet frame bridge has no MFA calls.');
    return call;
  };
  const calls = mfaActions(client);
  const user = () => client.getState().user;
  const store = createStore<MfaUiState>({ request: null, prompt: null, enrollment: null, stepUp: null });
  const update = (patch: Partial<MfaUiState>) => store.set({ ...store.get(), ...patch });
  store.subscribe(() => deps.publish({ mfa: store.get() }));
  const stepUp = createStepUpRuntime({ client, clock, publish: (state) => update({ stepUp: state }) });
  // Enrolling or removing a factor needs a step-up (manage_mfa): when the frame's call is refused for
  // want of one, the step-up screen, then the same call once more.
  const managed = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'step_up_required') throw error;
      await stepUp.request('manage_mfa', error);
      return run();
    }
  };

  const afterChange = async (state: MfaState): Promise<MfaState> => {
    // The user's mfaMethods come from the server: refresh so every screen and gate sees the change.
    await client.refreshUser().catch(() => undefined);
    return state;
  };
  const verify = async (action: MfaAction, method: MfaVerifyMethod, proof: string | WirePasskeyAssertion) => {
    const accessToken = await token();
    const call = await frame('mfaVerify');
    // SPEC §5: an SMS or authenticator code is a string; a passkey response is not.
    if (method === 'passkey') {
      if (typeof proof === 'string') throw new LatchError('invalid_data', 'A passkey response must not be a string.');
      return call({ accessToken, method, credential: proof, action });
    }
    if (typeof proof !== 'string') throw new LatchError('invalid_data', 'An MFA code must be a string.');
    if (method === 'recovery_code') return call({ accessToken, method, recoveryCode: proof, action });
    return call({ accessToken, method, mfaCode: proof, action });
  };
  const submitEnrollment = (data: MfaEnrollmentSubmit) => managed(() => submitOnce(data));
  const submitOnce = async (data: MfaEnrollmentSubmit) => {
    const accessToken = await token();
    const call = await frame('mfaSubmitEnrollment');
    if (data.method === 'totp') return afterChange(await call({ accessToken, method: 'totp', mfaCode: data.code }));
    if (data.method === 'sms') {
      return afterChange(await call({ accessToken, method: 'sms', phoneNumber: data.phone, mfaCode: data.code }));
    }
    return afterChange(await call({ accessToken, method: 'passkey', credentialIds: data.credentialIds }));
  };
  const unenroll = (method: MfaMethod) =>
    managed(async () => afterChange(await (await frame('mfaUnenroll'))({ accessToken: await token(), method })));

  const initTotpEnrollment = () =>
    managed(async () => (await frame('mfaInitEnrollment'))({ accessToken: await token(), method: 'totp' }));

  const requests = createMfaRequests({
    getUser: user,
    getConfig: () => client.getState().config,
    verify,
    refreshUser: () => client.refreshUser(),
  });
  const prompt = createMfaPromptRunner(clock, {
    sendSmsCode: async () => calls.initSmsVerification(),
    passkeyAssertion: async () => calls.passkeyVerificationAssertion(),
    verify: (id, method, proof) => requests.submit(method, proof, id),
    reject: (id, error) => requests.cancel(error, id),
  });
  prompt.subscribe(() => update({ prompt: prompt.getState() }));

  let enrollment: { runner: MachineRunner<MfaEnrollmentState, MfaEnrollmentEvent>; done(): void } | null = null;
  const closeEnrollment = () => {
    const open = enrollment;
    enrollment = null;
    open?.runner.destroy();
    update({ enrollment: null });
    open?.done();
    // Closed without a first method: the action that needed one cannot go on.
    const request = requests.getRequest();
    if (request?.needsEnrollment) requests.cancel('mfa_canceled', request.id);
  };
  const openEnrollment = (options: { skipIntro?: boolean } = {}) =>
    new Promise<void>((resolve) => {
      if (enrollment) closeEnrollment();
      const current = user();
      const runner = createMfaEnrollmentRunner(
        initialMfaEnrollment({
          appMethods: client.getState().config?.mfa.methods ?? [],
          enrolled: current?.mfaMethods ?? [],
          smsLogin: Boolean(current?.phone),
          passkeys: mfaPasskeysOf(current),
          skipIntro: options.skipIntro,
        }),
        clock,
        {
          verify: () => requests.requestVerification('manage_mfa'),
          initTotp: () => initTotpEnrollment(),
          sendSmsCode: async (phone) => calls.initSmsEnrollment(phone),
          async linkPasskey() {
            // The host's linker, else the client's own (the passkey module's linkPasskey, when built in).
            const link =
              host.linkPasskey ?? (client as { linkPasskey?: () => Promise<User> }).linkPasskey?.bind(client);
            if (!link) throw new LatchError('internal_error', 'Passkey linking is not available.');
            return mfaPasskeysOf(await link());
          },
          submit: (data) => submitEnrollment(data),
          unenroll: async (method) => (await unenroll(method)).mfaMethods,
          close: closeEnrollment,
        },
      );
      enrollment = { runner, done: resolve };
      runner.subscribe(() => update({ enrollment: runner.getState() }));
      update({ enrollment: runner.getState() });
    });

  // A new request opens the widget's dialog: the prompt, or enrolment when the user has no method yet.
  requests.subscribe(() => {
    const request = requests.getRequest();
    update({ request });
    if (!request || noPrompt()) return;
    if (request.needsEnrollment) {
      if (!enrollment) void openEnrollment();
    } else if (prompt.getState()?.id !== request.id) {
      prompt.dispatch({ type: 'open', id: request.id, action: request.action, methods: request.methods });
    }
  });
  const unsubscribe = client.subscribe(() => requests.refresh());
  deps.publish({ mfa: store.get() });

  return {
    getState: store.get,
    subscribe: store.subscribe,
    withMfa: requests.withMfa,
    requestVerification: requests.requestVerification,
    async init(method) {
      if (method === 'sms') await calls.initSmsVerification();
      if (method === 'passkey') return calls.passkeyVerificationAssertion();
      return undefined;
    },
    async submit(method, proof) {
      const given = proof ?? (method === 'passkey' ? await calls.passkeyVerificationAssertion() : undefined);
      if (given === undefined) throw new LatchError('invalid_data', 'An MFA code must be a string.');
      await requests.submit(method, given);
    },
    cancel: () => requests.cancel(),
    promptAction: prompt.dispatch,
    openEnrollment,
    enrollmentAction: (event) => enrollment?.runner.dispatch(event),
    verify,
    initTotpEnrollment,
    submitEnrollment,
    unenroll,
    stepUp,
    reset() {
      stepUp.reset();
      prompt.dispatch({ type: 'reset' });
      if (enrollment) closeEnrollment();
      requests.reset();
    },
    destroy() {
      unsubscribe();
      stepUp.destroy();
      prompt.destroy();
      if (enrollment) closeEnrollment();
      requests.reset();
      store.close();
    },
  };
}
