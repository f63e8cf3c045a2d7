// Loaded with the first step-up (a gated call answered step_up_required, or an export without email or
// phone): the flow, its runner, the ceremonies and the calls stay out of the page's initial JavaScript.
import type { StepUpAction, User } from '@latch/protocol';
import type { FlowClock } from '../machine/flowClock.js';
import { runPasskeyAuthentication } from '../passkeys/passkeyCeremony.js';
import { signWithLinkedWallet } from './signWithLinkedWallet.js';
import { stepUpActionOf } from './stepUpActionOf.js';
import { type StepUpClient, stepUpActions } from './stepUpActions.js';
import type { StepUpEvent, StepUpState } from './stepUpFlow.js';
import { stepUpOAuthCode } from './stepUpOAuth.js';
import { createStepUpRunner } from './stepUpRunner.js';

/** The step-up screen's runtime: one open step-up at a time, for the action that waits on it. */
export interface StepUpRuntime {
  getState(): StepUpState | null;
  subscribe(listener: () => void): () => void;
  /** The screen's events. */
  dispatch(event: StepUpEvent): void;
  /** Shows the step-up screen for `action`; resolves once verified, rejects with `error` when the user cancels. */
  request(action: StepUpAction, error: unknown): Promise<void>;
  /** A call answered `step_up_required`: steps up for its action (or rethrows `error` when it is not a gated call). */
  gate(path: string, body: unknown, error: unknown): Promise<void>;
  /** Logout or another user: a waiting action fails, the screen closes. */
  reset(): void;
  destroy(): void;
}

/** Builds the runtime over the client's signed-in calls. */
export function createStepUpRuntime(deps: {
  client: StepUpClient & { getState(): { user: User | null }; subscribe(listener: () => void): () => void };
  clock: FlowClock;
  /** Receives every state change (what the widget renders). */
  publish(state: StepUpState | null): void;
}): StepUpRuntime {
  const { client, clock } = deps;
  const calls = stepUpActions(client);
  const lifetime = new AbortController();
  const waiting = new Map<number, { resolve(): void; reject(): void }>();
  let nextId = 1;
  const settle = (id: number, ok: boolean) => {
    const entry = waiting.get(id);
    waiting.delete(id);
    if (ok) entry?.resolve();
    else entry?.reject();
  };
  const runner = createStepUpRunner(clock, {
    listFactors: calls.listStepUpFactors,
    init: calls.initStepUp,
    verify: calls.verifyStepUp,
    passkeyAssertion: runPasskeyAuthentication,
    signMessage: signWithLinkedWallet,
    oauth: (start) => stepUpOAuthCode({ start, clock, signal: lifetime.signal }),
    resolve: (id) => settle(id, true),
    reject: (id) => settle(id, false),
  });
  runner.subscribe(() => deps.publish(runner.getState()));
  // Another user (or none): whatever waited for the previous one's step-up fails.
  let owner = client.getState().user?.id ?? null;
  const unsubscribe = client.subscribe(() => {
    const id = client.getState().user?.id ?? null;
    if (id !== owner) runner.dispatch({ type: 'reset' });
    owner = id;
  });
  const request = (action: StepUpAction, error: unknown) =>
    new Promise<void>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject: () => reject(error) });
      runner.dispatch({ type: 'open', id, action });
    });
  return {
    getState: runner.getState,
    subscribe: runner.subscribe,
    dispatch: runner.dispatch,
    request,
    gate(path, body, error) {
      const action = stepUpActionOf(path, body);
      return action ? request(action, error) : Promise.reject(error);
    },
    reset: () => runner.dispatch({ type: 'reset' }),
    destroy() {
      unsubscribe();
      runner.destroy();
      lifetime.abort();
    },
  };
}
