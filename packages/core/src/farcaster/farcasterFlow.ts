import { DELAY, errorRedirect, TIMEOUT, type User } from '@latch/protocol';
import type {
  AuthFlowState,
  FarcasterEvent,
  FarcasterProgress,
  SocialFlowState,
  Transition,
} from '../auth/flowTypes.js';
// Screen ids as ScreenId-checked literals (see socialFlow.ts: a lazy module importing SCREEN costs the first chunk).
import type { ScreenId } from '../auth/screens.js';
import type { FlowError } from '../machine/flowError.js';
import type { SocialFlowSteps } from '../oauth/socialFlow.js';

/** The code of a signer request the user rejected (SPEC §4: revoked shows 'Request rejected'). */
export const FARCASTER_REJECTED = 'farcaster_request_rejected';

const SCREEN_OF: Record<FarcasterProgress['kind'], ScreenId> = {
  connect: 'AWAITING_FARCASTER_CONNECTION',
  signer: 'AWAITING_FARCASTER_SIGNER',
};
const TIMEOUT_OF = { connect: TIMEOUT.farcasterLogin, signer: TIMEOUT.farcasterSigner } as const;

const stay = (state: AuthFlowState): Transition => ({ state, effects: [] });
const withSocial = (state: AuthFlowState, social: Partial<SocialFlowState>): AuthFlowState => ({
  ...state,
  social: { ...state.social, ...social },
});

function start(state: AuthFlowState, kind: FarcasterProgress['kind'], steps: SocialFlowSteps): Transition {
  const { social } = state;
  // One attempt at a time; a signer is the signed-in user's (the link intent), a connection logs in or links.
  if (state.intent === 'update' || social.status === 'pending' || social.status === 'done') return stay(state);
  if (kind === 'signer' && state.intent !== 'link') return stay(state);
  const attempt = social.attempt + 1;
  return {
    state: withSocial(steps.navigate(state, SCREEN_OF[kind]), {
      status: 'pending',
      method: 'farcaster',
      attempt,
      error: null,
      farcaster: { kind, uri: null, poll: null },
    }),
    effects: [
      { type: 'farcaster', step: 'open', kind, intent: state.intent, attempt },
      // SPEC §4: the login times out at 120 s, the signer at 300 s (from the click, whatever the server does).
      { type: 'after', ms: TIMEOUT_OF[kind], event: { type: 'farcasterTimeout', attempt }, timeout: true },
    ],
  };
}

/** The next status poll, DELAY.farcasterPoll (2 s) from now. */
const nextPoll = (state: AuthFlowState, attempt: number): Transition => ({
  state,
  effects: [{ type: 'after', ms: DELAY.farcasterPoll, event: { type: 'farcasterPoll', attempt } }],
});

function succeeded(state: AuthFlowState, user: User, isNewUser: boolean, steps: SocialFlowSteps): Transition {
  const done = withSocial(state, { status: 'done' });
  // SPEC §4 "Login versus link": a login goes on to consent / wallet creation / close, each after 1400 ms; a link
  // closes after 1400 ms, as does an approved signer ("approved closes the modal after 1400 ms").
  if (state.intent === 'login') return steps.afterLogin(done, user, isNewUser, DELAY.successClose);
  return {
    state: { ...done, user, succeeded: true },
    effects: [{ type: 'after', ms: DELAY.successClose, event: { type: 'finish' } }],
  };
}

function failed(state: AuthFlowState, error: FlowError, steps: SocialFlowSteps): Transition {
  const next = withSocial(state, { status: 'error', error });
  // The allowlist and user-limit refusals have their own screens (SPEC §8); the rest show here, with Retry.
  return stay(errorRedirect(error.code) ? steps.showError(next, error) : next);
}

/**
 * AWAITING_FARCASTER_CONNECTION and AWAITING_FARCASTER_SIGNER (SPEC §2, §4 "Farcaster"): the server opens the channel
 * (or takes the signer request) and the screen shows its URI; the status is polled every 2 s until the Farcaster
 * app approved — then the login, link or signer succeeds — or until the timeout (120 s, 300 s). A rejected signer
 * shows 'Request rejected'. Only the events of the live attempt count; leaving the screen abandons it.
 */
export function farcasterTransition(state: AuthFlowState, event: FarcasterEvent, steps: SocialFlowSteps): Transition {
  if (event.type === 'startFarcaster') return start(state, event.kind, steps);
  const { social } = state;
  const progress = social.farcaster;
  if (social.status !== 'pending' || event.attempt !== social.attempt || !progress) return stay(state);
  switch (event.type) {
    case 'farcasterOpened':
      return nextPoll(
        withSocial(state, { farcaster: { ...progress, uri: event.uri, poll: event.poll } }),
        event.attempt,
      );
    case 'farcasterPoll':
      if (!progress.poll) return stay(state);
      return {
        state,
        effects: [
          {
            type: 'farcaster',
            step: 'poll',
            kind: progress.kind,
            intent: state.intent,
            attempt: event.attempt,
            poll: progress.poll,
          },
        ],
      };
    case 'farcasterPending':
      return nextPoll(state, event.attempt);
    case 'farcasterTimeout':
      return failed(state, { code: 'timeout', message: 'The request timed out. Try again.' }, steps);
    case 'farcasterFailed':
      return failed(state, event.error, steps);
    case 'farcasterSucceeded':
      return succeeded(state, event.user, event.isNewUser, steps);
  }
}
