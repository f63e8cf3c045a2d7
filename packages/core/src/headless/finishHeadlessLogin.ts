import type { User } from '@latch/protocol';
import type { LoginResult } from '../actions/context.js';
import { needsEmbeddedWallet } from '../auth/authFlow.js';
import { flowContextOf } from '../auth/flowContext.js';
import type { FlowHandlers } from '../auth/flowRunner.js';
import { initialAuthFlowState } from '../auth/modalNavigation.js';
import type { LatchClient } from '../client.js';

/**
 * What the modal does after a login, for a login made without it (headless hooks): the embedded wallet when the
 * app creates one on login (the flow's own rule), then the host's onComplete. Terms consent is the host's UI then.
 */
export async function finishHeadlessLogin(
  client: Pick<LatchClient, 'getState'>,
  handlers: FlowHandlers,
  result: LoginResult,
): Promise<LoginResult> {
  const context = flowContextOf(client.getState().config, handlers.createEmbeddedWallet !== undefined);
  const state = { ...initialAuthFlowState(), context, intent: 'login' as const };
  let user: User = result.user;
  if (handlers.createEmbeddedWallet && needsEmbeddedWallet(state, user))
    user = await handlers.createEmbeddedWallet(user);
  handlers.onComplete?.({ intent: 'login', user, isNewUser: result.isNewUser });
  return { user, isNewUser: result.isNewUser };
}
