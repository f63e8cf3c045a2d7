import { ERROR_CATALOGUE, LatchError } from '@latch/protocol';
import { describe, expect, it, vi } from 'vitest';
import { TransactionError } from './embeddedWallet/sendTransactionRunner.js';
import { HostError, hostEventOf, isHostErrorEvent, toHostError } from './hostError.js';
import { createLatch } from './latch.js';

/** SPEC §8 "Events reported to the host", word for word. */
const SPEC_EVENTS = [
  'must_be_authenticated',
  'embedded_wallet_not_found',
  'unknown_embedded_wallet_error',
  'transaction_failure',
  'unable_to_sign',
  'unknown_connect_wallet_error',
  'generic_connect_wallet_error',
  'user_exited_set_password_flow',
  'embedded_wallet_recovery_already_exists',
  'failed_to_link_account',
  'unknown_auth_error',
  'invalid_message',
  'unsupported_chain_id',
  'cannot_link_more_of_type',
  'exited_auth_flow',
  'exited_link_flow',
];

describe('SPEC §8 host events', () => {
  it('knows every event, and every event but the exits is a catalogue code', () => {
    for (const event of SPEC_EVENTS) {
      expect(isHostErrorEvent(event), event).toBe(true);
      if (!event.startsWith('exited_') && event !== 'user_exited_set_password_flow') {
        expect(Object.hasOwn(ERROR_CATALOGUE, event), event).toBe(true);
      }
    }
    expect(isHostErrorEvent('transaction_failed')).toBe(false);
    expect(isHostErrorEvent('exited')).toBe(false);
    expect(isHostErrorEvent('must_be_authenticated embedded_wallet_not_found')).toBe(false);
  });

  it('names a failed send transaction_failure, with the finer code as its reason', () => {
    const reverted = new TransactionError('transaction_reverted', '0xabc', undefined);
    const error = toHostError(reverted, 'transaction_failure');
    expect(error).toBeInstanceOf(HostError);
    expect(error).toMatchObject({ code: 'transaction_failure', reason: 'transaction_reverted', cause: reverted });
    // EIP-1193 errors keep their meaning as the reason: 4001 the user's rejection, -32603 the node's refusal.
    expect(toHostError({ code: 4001, message: 'no' }, 'transaction_failure')).toMatchObject({
      reason: 'approval_rejected',
    });
    expect(toHostError({ code: -32603, message: 'x' }, 'transaction_failure')).toMatchObject({
      code: 'transaction_failure',
      reason: 'transaction_failed',
      message: 'Error processing transaction',
    });
    const rejected = Object.assign(new Error('The user rejected the request.'), { code: 4001 });
    expect(toHostError(rejected, 'unable_to_sign')).toMatchObject({ message: 'The user rejected the request.' });
    expect(toHostError(new Error('boom'), 'unable_to_sign')).toMatchObject({ code: 'unable_to_sign', reason: null });
  });

  it('leaves an error that already is a host event (or one the call keeps) as it is', () => {
    const missing = new LatchError('embedded_wallet_not_found');
    expect(toHostError(missing, 'unable_to_sign')).toBe(missing);
    const stranger = new LatchError('wallet_address_not_found');
    expect(toHostError(stranger, 'unable_to_sign', ['wallet_address_not_found'])).toBe(stranger);
    const exited = new LatchError('client_request_cancelled', 'user_exited_set_password_flow');
    expect(hostEventOf(toHostError(exited, 'unknown_embedded_wallet_error'))).toBe('user_exited_set_password_flow');
  });

  it("reportError tells the host's onError the event and the error its promise rejects with", async () => {
    const onError = vi.fn();
    const latch = createLatch({ appId: 'a'.repeat(25), clientId: 'c', onError });
    const error = await latch.reportError(new LatchError('insufficient_funds'), 'transaction_failure');
    expect(error).toMatchObject({ code: 'transaction_failure', reason: 'insufficient_funds' });
    expect(onError).toHaveBeenCalledWith('transaction_failure', error);
    latch.destroy();
  });
});
