import type {
  StepUpAction,
  StepUpFactorRef,
  StepUpInitResponse,
  StepUpVerifyResponse,
  WireStepUpFactor,
} from '@latch/protocol';
import { API } from '@latch/protocol';
import { STEP_UP_API } from '@latch/protocol/stepUp';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { OutboxMessage } from '../../ports.js';
import { type TestServer, widgetHeaders } from '../../test/harness.js';

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
  const outbox = (await (await server.call('GET', API.devOutbox)).json()) as OutboxMessage[];
  const message = outbox.find((m) => m.recipient === recipient);
  if (!message) throw new Error(`No message to ${recipient} in the dev outbox`);
  return message.code;
}

/**
 * Steps the session of `caller` up for `action` through the real endpoints, as a user would: with the
 * first email or phone factor it lists (a code read from the dev outbox), else with `wallet` (a SIWE
 * signature by that linked wallet). Throws when neither works.
 */
export async function stepUpForTest(
  server: TestServer,
  caller: StepUpCaller,
  action: StepUpAction,
  options: { wallet?: PrivateKeyAccount; origin?: string } = {},
): Promise<StepUpVerifyResponse> {
  const client = stepUpTestClient(server, caller, options.origin);
  const factors = await client.factors();
  const coded = factors.find((f) => f.type === 'email' || f.type === 'sms');
  const wallet = options.wallet;
  const signer = wallet && factors.find((f) => f.type === 'wallet' && f.id.toLowerCase() === wallet.address.toLowerCase());
  const factor = coded ?? signer;
  if (!factor) throw new Error(`No email, phone or given wallet among the step-up factors: ${JSON.stringify(factors)}`);
  const ref = { type: factor.type, id: factor.id };
  const init = await client.init(action, ref);
  if (init.status !== 200) throw new Error(`step-up init answered ${init.status}: ${await init.text()}`);
  const started = (await init.json()) as StepUpInitResponse;
  let proof: Record<string, unknown>;
  if (started.type === 'wallet' && wallet) {
    proof = { message: started.message, signature: await wallet.signMessage({ message: started.message }) };
  } else {
    proof = { code: await latestOutboxCode(server, factor.id) };
  }
  const verify = await client.verify(action, ref, proof);
  if (verify.status !== 200) throw new Error(`step-up verify answered ${verify.status}: ${await verify.text()}`);
  return (await verify.json()) as StepUpVerifyResponse;
}
