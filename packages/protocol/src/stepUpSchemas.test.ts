import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { STEP_UP_ACTIONS, STEP_UP_FACTOR_TYPES } from './stepUp.js';
import { StepUpInitBody, StepUpVerifyBody } from './stepUpSchemas.js';

describe('step-up schemas', () => {
  it('takes every action and factor type of the contract', () => {
    for (const action of STEP_UP_ACTIONS) {
      for (const type of STEP_UP_FACTOR_TYPES) {
        expect(v.safeParse(StepUpInitBody, { action, factor: { type, id: '' } }).success, `${action}/${type}`).toBe(
          true,
        );
      }
    }
  });

  it('refuses an unknown action or factor type', () => {
    expect(v.safeParse(StepUpInitBody, { action: 'sign', factor: { type: 'email', id: 'a@b.co' } }).success).toBe(
      false,
    );
    expect(v.safeParse(StepUpInitBody, { action: 'link', factor: { type: 'password', id: '' } }).success).toBe(false);
    expect(v.safeParse(StepUpVerifyBody, { action: 'link' }).success).toBe(false);
  });

  it('checks the shape of a SIWE signature and the OAuth verifier', () => {
    const base = { action: 'link', factor: { type: 'wallet', id: '0x' } };
    expect(v.safeParse(StepUpVerifyBody, { ...base, message: 'm', signature: '0xabcd' }).success).toBe(true);
    expect(v.safeParse(StepUpVerifyBody, { ...base, message: 'm', signature: 'abcd' }).success).toBe(false);
    expect(v.safeParse(StepUpVerifyBody, { ...base, code_verifier: 'short' }).success).toBe(false);
  });
});
