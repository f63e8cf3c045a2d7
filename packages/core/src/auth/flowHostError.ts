import type { HostErrorEvent } from '@latch/protocol';
import type { AuthFlowState, FlowEvent, FlowIntent, Transition } from './flowTypes.js';

/** The failures of a login or link call (a code, a passkey, OAuth, Telegram); sending a code is not one. */
const FAILURES = new Set<FlowEvent['type']>(['codeRejected', 'passkeyFailed', 'oauthFailed', 'telegramFailed']);

/**
 * SPEC §8's host event for a failed login or link, or null when the host hears nothing until the user leaves:
 * a link fails with cannot_link_more_of_type or failed_to_link_account (a mistyped code can be typed again),
 * a login reports unknown_auth_error.
 */
export function flowHostError(intent: FlowIntent, code: string | undefined): HostErrorEvent | null {
  if (intent === 'login') return code === 'unknown_auth_error' ? code : null;
  if (code === 'invalid_credentials') return null;
  return code === 'cannot_link_more_of_type' ? code : 'failed_to_link_account';
}

/** Adds the host's `reportError` effect to a transition that took in a login or link failure (a stale one changes nothing). */
export function withHostErrors(
  transition: (state: AuthFlowState, event: FlowEvent) => Transition,
): (state: AuthFlowState, event: FlowEvent) => Transition {
  return (state, event) => {
    const next = transition(state, event);
    if (!FAILURES.has(event.type) || next.state === state || !('error' in event)) return next;
    const error = flowHostError(state.intent, event.error.code);
    return error ? { ...next, effects: [...next.effects, { type: 'reportError', error }] } : next;
  };
}
