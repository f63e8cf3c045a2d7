import { LatchError } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { INITIAL_STATE } from '../store.js';
import { createFakeClock } from '../testing/fakeClock.js';
import { flowHostError } from './flowHostError.js';
import { createFlowRunner, type FlowActions } from './flowRunner.js';
import type { FlowContext, FlowIntent } from './flowTypes.js';
import { SCREEN } from './screens.js';

const CONTEXT: FlowContext = { requireUsersAcceptTerms: false, createOnLogin: 'off', canCreateEmbeddedWallet: false };

/** A code login or link whose submit call rejects with `code`; returns what the host heard. */
async function failedCode(intent: FlowIntent, code: LatchError['code']): Promise<string[]> {
  const clock = createFakeClock();
  const heard: string[] = [];
  const reject = () => Promise.reject(new LatchError(code));
  const ok = () => Promise.resolve(undefined);
  const actions = {
    sendEmailCode: ok,
    loginWithEmailCode: reject,
    linkEmail: reject,
    logout: ok,
    getState: () => INITIAL_STATE,
  } as unknown as FlowActions;
  const runner = createFlowRunner({
    actions,
    clock,
    handlers: () => ({ onError: (event) => heard.push(`error:${event}`), onExit: (e) => heard.push(`exit:${e}`) }),
  });
  const screen = intent === 'login' ? SCREEN.landing : SCREEN.linkEmail;
  runner.dispatch({ type: 'open', intent, screen, context: CONTEXT });
  await clock.advance(15);
  runner.dispatch({ type: 'submitEmail', email: 'ada@example.com' });
  await clock.flush();
  runner.dispatch({ type: 'submitCode', code: '123456' });
  await clock.flush();
  runner.dispatch({ type: 'close' });
  await clock.flush();
  return heard;
}

describe("a failed login or link reaches the host's onError (SPEC §8 events)", () => {
  it('a link that fails reports failed_to_link_account, then the exit', async () => {
    expect(await failedCode('link', 'internal_error')).toEqual([
      'error:failed_to_link_account',
      'exit:exited_link_flow',
    ]);
  });

  it('a second account of a kind reports cannot_link_more_of_type', async () => {
    expect(await failedCode('link', 'cannot_link_more_of_type')).toEqual([
      'error:cannot_link_more_of_type',
      'exit:exited_link_flow',
    ]);
  });

  it('a mistyped code is not a failure yet: only the exit is heard', async () => {
    expect(await failedCode('link', 'invalid_credentials')).toEqual(['exit:exited_link_flow']);
    expect(await failedCode('login', 'invalid_credentials')).toEqual(['exit:exited_auth_flow']);
  });

  it('a login failing with unknown_auth_error reports it to the host', async () => {
    expect(await failedCode('login', 'unknown_auth_error')).toEqual([
      'error:unknown_auth_error',
      'exit:exited_auth_flow',
    ]);
  });

  it('maps the other flows alike (passkeys, OAuth, Telegram share the rule)', () => {
    expect(flowHostError('update', 'linked_to_another_user')).toBe('failed_to_link_account');
    expect(flowHostError('login', 'oauth_user_denied')).toBeNull();
  });
});
