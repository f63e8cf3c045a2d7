import { LatchError } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import type { StepUpFactor } from './StepUpFactor.js';
import { stepUpFactorOfType } from './stepUpFactors.js';

const factor = (types: StepUpFactor['types']): StepUpFactor => ({
  types,
  init: async () => ({ type: 'totp' }),
  verify: async () => {},
});

describe('the declared step-up factors', () => {
  it('answers the first declared factor that handles a type', () => {
    const codes = factor(['email', 'sms']);
    const other = factor(['sms']);
    expect(stepUpFactorOfType({ stepUpFactors: [codes, other] }, 'sms')).toBe(codes);
  });

  it('refuses a type no module declares with step_up_factor_not_allowed', () => {
    const run = () => stepUpFactorOfType({ stepUpFactors: [factor(['passkey'])] }, 'totp');
    expect(run).toThrow(LatchError);
    expect(run).toThrow(expect.objectContaining({ code: 'step_up_factor_not_allowed' }));
  });
});
