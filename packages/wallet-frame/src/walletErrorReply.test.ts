import { LatchError } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { toWalletError } from './walletErrorReply.js';

describe('toWalletError', () => {
  it('keeps step_up_required as its own type, so the host can open the step-up screen and ask again', () => {
    const refused = new LatchError('step_up_required', 'Confirm it is you first (manage_mfa).');
    expect(toWalletError(refused)).toEqual({ type: 'step_up_required', message: refused.message });
  });

  it('keeps any other server error generic in type', () => {
    expect(toWalletError(new LatchError('invalid_data', 'Bad.')).type).toBe('error');
  });
});
