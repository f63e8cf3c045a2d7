import { DELAY, TIMEOUT, type User } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { afterLogin } from '../auth/authFlow.js';
import type { AuthFlowState, FarcasterEvent, FlowIntent } from '../auth/flowTypes.js';
import { initialAuthFlowState, navigate, showError } from '../auth/modalNavigation.js';
import { FARCASTER_REJECTED, farcasterTransition } from './farcasterFlow.js';

const steps = { afterLogin, navigate, showError, userAgent: '' };
const user = {
  id: 'did:latch:u1',
  linkedAccounts: [],
  farcaster: { fid: 7, signerPublicKey: null },
} as unknown as User;

const open = (intent: FlowIntent, screen: AuthFlowState['screen'] = 'LANDING'): AuthFlowState => ({
  ...initialAuthFlowState(),
  phase: 'open',
  intent,
  screen,
});

const run = (state: AuthFlowState, ...events: FarcasterEvent[]) => {
  let current = { state, effects: [] as ReturnType<typeof farcasterTransition>['effects'] };
  for (const event of events) current = farcasterTransition(current.state, event, steps);
  return current;
};

describe('the Farcaster flow (SPEC §4 "Farcaster")', () => {
  it('opens the channel on AWAITING_FARCASTER_CONNECTION with the 120 s timeout, shows the URI, polls every 2 s', () => {
    const started = run(open('login'), { type: 'startFarcaster', kind: 'connect' });
    expect(started.state.screen).toBe('AWAITING_FARCASTER_CONNECTION');
    expect(started.state.social).toMatchObject({ status: 'pending', method: 'farcaster', attempt: 1 });
    expect(started.effects).toEqual([
      { type: 'farcaster', step: 'open', kind: 'connect', intent: 'login', attempt: 1 },
      { type: 'after', ms: TIMEOUT.farcasterLogin, event: { type: 'farcasterTimeout', attempt: 1 }, timeout: true },
    ]);
    const opened = run(started.state, {
      type: 'farcasterOpened',
      attempt: 1,
      uri: 'farcaster://connect?x',
      poll: 'tok',
    });
    expect(opened.state.social.farcaster).toEqual({ kind: 'connect', uri: 'farcaster://connect?x', poll: 'tok' });
    expect(opened.effects).toEqual([
      { type: 'after', ms: DELAY.farcasterPoll, event: { type: 'farcasterPoll', attempt: 1 } },
    ]);
    const polled = run(opened.state, { type: 'farcasterPoll', attempt: 1 });
    expect(polled.effects).toEqual([
      { type: 'farcaster', step: 'poll', kind: 'connect', intent: 'login', attempt: 1, poll: 'tok' },
    ]);
    expect(run(polled.state, { type: 'farcasterPending', attempt: 1 }).effects[0]).toMatchObject({ ms: 2000 });
  });

  it('logs in on success (the post-login steps after 1400 ms); a link closes after 1400 ms', () => {
    const login = run(open('login'), { type: 'startFarcaster', kind: 'connect' }).state;
    const done = run(login, { type: 'farcasterSucceeded', attempt: 1, user, isNewUser: true });
    expect(done.state.social.status).toBe('done');
    expect(done.state.succeeded).toBe(true);
    expect(done.effects).toEqual([{ type: 'after', ms: DELAY.successClose, event: { type: 'finish' } }]);
    const link = run(open('link', 'AWAITING_FARCASTER_CONNECTION'), { type: 'startFarcaster', kind: 'connect' });
    expect(run(link.state, { type: 'farcasterSucceeded', attempt: 1, user, isNewUser: false }).effects).toEqual([
      { type: 'after', ms: DELAY.successClose, event: { type: 'finish' } },
    ]);
  });

  it('times out with the timeout code, and ignores the answers of an earlier attempt', () => {
    const started = run(open('login'), { type: 'startFarcaster', kind: 'connect' }).state;
    const timedOut = run(started, { type: 'farcasterTimeout', attempt: 1 }).state;
    expect(timedOut.social).toMatchObject({ status: 'error', error: { code: 'timeout' } });
    const retried = run(timedOut, { type: 'startFarcaster', kind: 'connect' }).state;
    expect(retried.social.attempt).toBe(2);
    expect(run(retried, { type: 'farcasterSucceeded', attempt: 1, user, isNewUser: false }).state).toBe(retried);
    expect(run(retried, { type: 'farcasterTimeout', attempt: 1 }).state).toBe(retried);
  });

  it('asks for a signer only for a signed-in user (link), with the 300 s timeout; rejected is an error', () => {
    expect(run(open('login'), { type: 'startFarcaster', kind: 'signer' }).effects).toEqual([]);
    const started = run(open('link', 'AWAITING_FARCASTER_SIGNER'), { type: 'startFarcaster', kind: 'signer' });
    expect(started.effects[1]).toMatchObject({ ms: TIMEOUT.farcasterSigner, timeout: true });
    const error = { code: FARCASTER_REJECTED, message: 'Request rejected' };
    const rejected = run(started.state, { type: 'farcasterFailed', attempt: 1, error });
    expect(rejected.state.social).toMatchObject({ status: 'error', error });
    expect(rejected.state.screen).toBe('AWAITING_FARCASTER_SIGNER');
  });
});
