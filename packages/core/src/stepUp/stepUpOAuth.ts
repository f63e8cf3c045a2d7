import { LatchError, type OAuthAuthenticateRequest } from '@latch/protocol';
import type { FlowClock } from '../machine/flowClock.js';
import { openOAuthPopup, takeOAuthPopup } from '../oauth/openOAuthPopup.js';
import { createPkce, randomCode } from '../oauth/pkce.js';
import { type OpenerWindow, waitForPopupMessage } from '../oauth/popupMessages.js';

/** What the step-up's OAuth init takes besides the action and the factor (as OAUTH_API.init takes them). */
export interface StepUpOAuthStart {
  redirect_to: string;
  state_code: string;
  code_challenge: string;
}

/**
 * The OAuth re-authentication of a step-up, by popup only (the waiting action lives in this page, so the
 * page must not leave): the popup opened in the user's click (openOAuthPopup), a fresh PKCE pair and state,
 * `start` (STEP_UP_API.init) for the provider's URL, then the popup's report — checked against the state
 * exactly as a login's (waitForPopupMessage). Returns what STEP_UP_API.verify takes.
 */
export async function stepUpOAuthCode(options: {
  start(oauth: StepUpOAuthStart): Promise<string>;
  clock: FlowClock;
  signal: AbortSignal;
  page?: (OpenerWindow & { location: { href: string } }) | null;
}): Promise<OAuthAuthenticateRequest> {
  const page = options.page === undefined ? (globalThis.window ?? null) : options.page;
  const popup = takeOAuthPopup() ?? openOAuthPopup();
  if (!popup || !page) throw new LatchError('unknown_auth_error', 'Confirming with a provider needs a popup window.');
  try {
    const { verifier, challenge } = await createPkce();
    const stateCode = randomCode();
    const back = new URL(page.location.href);
    back.hash = '';
    const url = await options.start({ redirect_to: back.toString(), state_code: stateCode, code_challenge: challenge });
    popup.location.href = url;
    const code = await waitForPopupMessage({
      window: page,
      popup,
      stateCode,
      clock: options.clock,
      signal: options.signal,
    });
    return { authorization_code: code, state_code: stateCode, code_verifier: verifier };
  } catch (error) {
    if (!popup.closed) popup.close();
    throw error;
  }
}
