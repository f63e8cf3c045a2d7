import { createHash, randomBytes } from 'node:crypto';
import { HEADER, type StepUpAction, type StepUpFactorRef, type StepUpInitResponse } from '@latch/protocol';
import { OAUTH_RETURN_PARAM } from '@latch/protocol/oauth';
import { STEP_UP_API } from '@latch/protocol/stepUp';

/** A session on a server reached over HTTP (`apiUrl`), as the client tests run it. */
export interface HttpStepUpCaller {
  apiUrl: string;
  appId: string;
  clientId?: string;
  token: string;
  /** The page's Origin (the wallet message is bound to it when the app allows it). */
  origin?: string;
}

/** How the test proves the factor: reads a code, signs a message, or takes the browser through the provider. */
export type HttpStepUpProof =
  | { factor: StepUpFactorRef & { type: 'email' | 'sms' }; code: (recipient: string) => Promise<string> }
  | { factor: StepUpFactorRef & { type: 'wallet' }; sign: (message: string) => Promise<string> }
  | {
      factor: StepUpFactorRef & { type: 'oauth' };
      redirectTo: string;
      /** The browser at the provider and back through the callback: the address it lands on. */
      through: (url: string) => Promise<string>;
    };

/**
 * Steps `caller`'s session up for `action` over HTTP through STEP_UP_API (what the widget's step-up screen
 * does), for the client packages' tests against a real server. Throws when a call fails.
 */
export async function stepUpOverHttp(caller: HttpStepUpCaller, action: StepUpAction, proof: HttpStepUpProof) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    authorization: `Bearer ${caller.token}`,
    [HEADER.appId]: caller.appId,
    ...(caller.clientId ? { [HEADER.clientId]: caller.clientId } : {}),
    ...(caller.origin ? { origin: caller.origin } : {}),
  };
  const post = async (path: string, body: object) => {
    const res = await fetch(`${caller.apiUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const { factor } = proof;
  if ('code' in proof) {
    await post(STEP_UP_API.init, { action, factor });
    return post(STEP_UP_API.verify, { action, factor, code: await proof.code(factor.id) });
  }
  if ('sign' in proof) {
    const { message } = (await post(STEP_UP_API.init, { action, factor })) as StepUpInitResponse & { type: 'wallet' };
    return post(STEP_UP_API.verify, { action, factor, message, signature: await proof.sign(message) });
  }
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const init = { action, factor, redirect_to: proof.redirectTo, state_code: state, code_challenge: challenge };
  const { url } = (await post(STEP_UP_API.init, init)) as StepUpInitResponse & { type: 'oauth' };
  const back = new URL(await proof.through(url));
  const code = back.searchParams.get(OAUTH_RETURN_PARAM.code);
  return post(STEP_UP_API.verify, {
    action,
    factor,
    authorization_code: code,
    state_code: state,
    code_verifier: verifier,
  });
}
