import { DELAY, type User } from '@latch/protocol';
import type { LatchState } from '../../store.js';
import { INITIAL_STATE } from '../../store.js';
import { createFakeClock, type FakeClock } from '../../testing/fakeClock.js';
import { createFlowRunner, type FlowActions, type FlowHandlers } from '../flowRunner.js';
import type { FlowContext, FlowIntent } from '../flowTypes.js';
import type { ScreenId } from '../screens.js';

/** A user as the flows see it, with test overrides. */
export const testUser = (overrides: Partial<User> = {}): User => ({
  id: 'u1',
  createdAt: new Date(0),
  linkedAccounts: [],
  mfaMethods: [],
  hasAcceptedTerms: false,
  ...overrides,
});

/** The flow context of an app with no terms, no wallet creation. */
const TEST_FLOW_CONTEXT: FlowContext = {
  requireUsersAcceptTerms: false,
  createOnLogin: 'off',
  canCreateEmbeddedWallet: false,
};

/** A call of a deferred action, settled by the test (as a system dialogue or a provider's page would). */
interface PendingCall {
  name: string;
  args: unknown[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * A flow runner on a fake clock whose `deferred` actions stay pending until the test settles them; the other
 * actions refuse ('not used here'), but accepting the terms and logging out, which succeed. Host events are
 * recorded as `complete:<intent>:<isNewUser>`, `exit:<error>` (and `createEmbeddedWallet` when `handlers` adds it).
 */
export function createFlowHarness(options: {
  deferred: ReadonlyArray<keyof FlowActions>;
  context?: Partial<FlowContext>;
  clientState?: LatchState;
  handlers?: (events: string[]) => Partial<FlowHandlers>;
  /** Another fake clock (one with the test-only delayScale). */
  clock?: FakeClock;
}) {
  const clock = options.clock ?? createFakeClock();
  const pending: PendingCall[] = [];
  const events: string[] = [];
  const deferred =
    (name: string) =>
    (...args: unknown[]) =>
      new Promise<never>((resolve, reject) => {
        pending.push({ name, args, resolve: resolve as (value: unknown) => void, reject });
      });
  const unused = () => Promise.reject(new Error('not used here'));
  const actions: FlowActions = {
    sendEmailCode: unused,
    sendSmsCode: unused,
    loginWithEmailCode: unused,
    loginWithSmsCode: unused,
    linkEmail: unused,
    linkPhone: unused,
    updateEmail: unused,
    acceptTerms: () => Promise.resolve(testUser({ hasAcceptedTerms: true })),
    logout: () => Promise.resolve(),
    loginWithPasskey: unused,
    signUpWithPasskey: unused,
    linkPasskey: unused,
    unlinkPasskey: unused,
    loginWithOAuth: unused,
    linkOAuth: unused,
    completeOAuthRedirect: unused,
    loginWithTelegram: unused,
    linkTelegram: unused,
    loadTelegramScript: unused,
    captchaChallenge: unused,
    getState: () => options.clientState ?? INITIAL_STATE,
    farcaster: () => Promise.reject(new Error('not used here')),
    getAccessToken: () => Promise.resolve('token'),
    refreshUser: () => Promise.reject(new Error('not used here')),
  };
  for (const name of options.deferred) (actions as unknown as Record<string, unknown>)[name] = deferred(name);
  const runner = createFlowRunner({
    actions,
    clock,
    handlers: () => ({
      onComplete: (result) => events.push(`complete:${result.intent}:${result.isNewUser}`),
      onExit: (error) => events.push(`exit:${error}`),
      ...options.handlers?.(events),
    }),
  });
  const open = async (intent: FlowIntent, screen: ScreenId) => {
    runner.dispatch({ type: 'open', intent, screen, context: { ...TEST_FLOW_CONTEXT, ...options.context } });
    await clock.advance(DELAY.modalOpen);
  };
  const last = (name?: string) => {
    const call = name ? pending.filter((p) => p.name === name).at(-1) : pending.at(-1);
    if (!call) throw new Error(`no pending ${name ?? ''} call`);
    return call;
  };
  const names = () => pending.map((p) => p.name);
  return { clock, pending, events, runner, open, last, names, state: () => runner.getState() };
}
