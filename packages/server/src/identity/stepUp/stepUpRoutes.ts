import { StepUpInitBody, StepUpVerifyBody } from '@latch/protocol/schemas';
import { STEP_UP_API } from '@latch/protocol/stepUp';
import type { RouteDef } from '../../kernel/http/env.js';
import { parseBody } from '../../kernel/http/parseBody.js';
import { clientIp } from '../../kernel/throttle/clientIp.js';
import { stepUpFactorsOf, toWireFactor } from './stepUpFactors.js';
import { initStepUp, verifyStepUp } from './stepUpService.js';

/**
 * The step-up endpoints (docs/server.md "Step-up"), all with the bearer token: the caller's factors from
 * before this session, the start of a proof with one, and its verification, which leaves a single-use
 * record for one action of this session (requireStepUp.ts takes it).
 */
export const stepUpRoutes: RouteDef[] = [
  {
    method: 'get',
    path: STEP_UP_API.factors,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const user = c.get('user');
      return c.json({ factors: (await stepUpFactorsOf(ctx, user)).map(toWireFactor) });
    },
  },
  {
    method: 'post',
    path: STEP_UP_API.init,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const user = c.get('user');
      const body = await parseBody(c, StepUpInitBody);
      return c.json(await initStepUp(ctx, user, body, { ip: clientIp(c), origin: c.req.header('origin') }));
    },
  },
  {
    method: 'post',
    path: STEP_UP_API.verify,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const user = c.get('user');
      const body = await parseBody(c, StepUpVerifyBody);
      return c.json(await verifyStepUp(ctx, user, body));
    },
  },
];
