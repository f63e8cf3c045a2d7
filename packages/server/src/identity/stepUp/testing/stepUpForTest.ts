import type {
  StepUpAction,
  StepUpFactorRef,
  StepUpInitResponse,
  StepUpVerifyResponse,
  WireStepUpFactor,
} from '@latch/protocol';
import { DEV_API } from '@latch/protocol';
import { STEP_UP_API } from '@latch/protocol/stepUp';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { OutboxMessage } from '../../../kernel/ports.js';
import type { SoftAuthenticator } from '../../../modules/passkeys/testing/softAuthenticator.js';
import { PASSKEY_ORIGIN } from '../../../modules/passkeys/testing/softAuthenticator.js';
import { type TestServer, widgetHeaders } from '../../../test/harness.js';

/** Who steps up: the app and the bearer token of the session. */
export interface StepUpCaller {
  appId: string;
  clientId: string;
  token: string;
}

/** The step-up endpoints as the widget calls them (bearer token, app headers, an allowed Origin when given). */
export function stepUpTestClient(server: TestServer, caller: StepUpCaller, origin?: string) {
  const headers = { ...widgetHeaders(caller.appId, caller.clientId, caller.token), ...(origin ? { origin } : {}) };
  return {
    factors: async (): Promise<WireStepUpFactor[]> => {
      const res = await server.call('GET', STEP_UP_API.factors, { headers });
      if (res.status !== 200) throw new Error(`factors answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { factors: WireStepUpFactor[] }).factors;
    },
    init: (action: StepUpAction, factor: StepUpFactorRef, extra: Record<string, unknown> = {}) =>
      server.call('POST', STEP_UP_API.init, { headers, body: { action, factor, ...extra } }),
    verify: (action: StepUpAction, factor: StepUpFactorRef, proof: Record<string, unknown>) =>
      server.call('POST', STEP_UP_API.verify, { headers, body: { action, factor, ...proof } }),
  };
}

/** The code of the newest dev-outbox message to `recipient`. */
export async function latestOutboxCode(server: TestServer, recipient: string): Promise<string> {
  const outbox = (await (await server.call('GET', DEV_API.outbox)).json()) as OutboxMessage[];
  const message = outbox.find((m) => m.recipient === recipient);
  if (!message) throw new Error(`No message to ${recipient} in the dev outbox`);
  return message.code;
}

/** What a test may step up with besides an email or phone code: a linked wallet, a passkey's authenticator. */
export interface StepUpWith {
  wallet?: PrivateKeyAccount;
  /** A soft authenticator holding one of the user's passkeys, and the origin its ceremony runs on. */
  passkey?: SoftAuthenticator;
  origin?: string;
}

/** The factor to use: the given passkey, else the given wallet, else the first email or phone. */
function pick(factors: WireStepUpFactor[], using: StepUpWith): WireStepUpFactor | undefined {
  const { wallet, passkey } = using;
  if (passkey) return factors.find((f) => f.type === 'passkey');
  const signer =
    wallet && factors.find((f) => f.type === 'wallet' && f.id.toLowerCase() === wallet.address.toLowerCase());
  return signer ?? factors.find((f) => f.type === 'email' || f.type === 'sms');
}

/**
 * Steps the session of `caller` up for `action` through the real endpoints, as a user would: with the
 * given passkey or wallet, else with the first email or phone factor it lists (a code read from the dev
 * outbox). Throws when the factor is not there or the step-up fails.
 */
export async function stepUpForTest(
  server: TestServer,
  caller: StepUpCaller,
  action: StepUpAction,
  using: StepUpWith = {},
): Promise<StepUpVerifyResponse> {
  const client = stepUpTestClient(server, caller, using.origin);
  const factors = await client.factors();
  const factor = pick(factors, using);
  if (!factor) throw new Error(`No usable factor among the step-up factors: ${JSON.stringify(factors)}`);
  const ref = { type: factor.type, id: factor.id };
  const init = await client.init(action, ref);
  if (init.status !== 200) throw new Error(`step-up init answered ${init.status}: ${await init.text()}`);
  const started = (await init.json()) as StepUpInitResponse;
  let proof: Record<string, unknown>;
  if (started.type === 'wallet' && using.wallet) {
    proof = { message: started.message, signature: await using.wallet.signMessage({ message: started.message }) };
  } else if (started.type === 'passkey' && using.passkey) {
    proof = { credential: using.passkey.get(started.options, using.origin ?? PASSKEY_ORIGIN) };
  } else {
    proof = { code: await latestOutboxCode(server, factor.id) };
  }
  const verify = await client.verify(action, ref, proof);
  if (verify.status !== 200) throw new Error(`step-up verify answered ${verify.status}: ${await verify.text()}`);
  return (await verify.json()) as StepUpVerifyResponse;
}
