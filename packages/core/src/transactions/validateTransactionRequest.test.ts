import { LatchError } from '@latch/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateTransactionRequest } from './validateTransactionRequest.js';

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const refusal = (request: unknown): string => {
  try {
    validateTransactionRequest(request);
  } catch (error) {
    if (error instanceof LatchError && error.code === 'invalid_transaction_request') return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('validateTransactionRequest', () => {
  it('takes every quantity field as a number, a bigint or a hex string (SPEC §5) and returns bigints', () => {
    for (const field of ['value', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'gasLimit'] as const) {
      for (const raw of [1000, 1000n, '0x3e8', '0x3E8']) {
        const valid = validateTransactionRequest({ to: TO, [field]: raw });
        expect(valid[field === 'gasLimit' ? 'gas' : field], `${field} ${String(raw)}`).toBe(1000n);
      }
    }
  });

  it('keeps a full EIP-1559 request, folding gasLimit into gas and the nonce into a number', () => {
    const accessList = [{ address: TO, storageKeys: [`0x${'00'.repeat(31)}01`] }] as const;
    expect(
      validateTransactionRequest({
        to: TO,
        from: TO.toLowerCase(),
        value: '0x0de0b6b3a7640000',
        data: '0xa9059cbb',
        chainId: 8453,
        nonce: '0x7',
        gasLimit: 50_000,
        maxFeePerGas: 2n,
        maxPriorityFeePerGas: 1n,
        type: '0x2',
        accessList,
      }),
    ).toEqual({
      to: TO,
      from: TO.toLowerCase(),
      value: 10n ** 18n,
      data: '0xa9059cbb',
      chainId: 8453,
      nonce: 7,
      gas: 50_000n,
      maxFeePerGas: 2n,
      maxPriorityFeePerGas: 1n,
      type: 'eip1559',
      accessList,
    });
  });

  it('refuses quantities of another kind, bad hex, fractions and negatives, naming the field', () => {
    expect(refusal({ to: TO, value: '1000' })).toBe('value is not a valid hex string.');
    expect(refusal({ to: TO, value: '0xzz' })).toBe('value is not a valid hex string.');
    expect(refusal({ to: TO, gasPrice: '0x' })).toBe('gasPrice is not a valid hex string.');
    expect(refusal({ to: TO, value: -1 })).toBe('value must not be negative.');
    expect(refusal({ to: TO, value: -1n })).toBe('value must not be negative.');
    expect(refusal({ to: TO, value: 0.5 })).toBe('value must be a whole number.');
    expect(refusal({ to: TO, maxFeePerGas: Number.NaN })).toBe('maxFeePerGas must be a whole number.');
    expect(refusal({ to: TO, maxPriorityFeePerGas: { amount: 1 } })).toBe(
      'maxPriorityFeePerGas must be a number, bigint or hex string.',
    );
    expect(refusal({ to: TO, gasLimit: true })).toBe('gasLimit must be a number, bigint or hex string.');
    expect(refusal({ to: TO, value: 2n ** 256n })).toBe('value is too large.');
  });

  it('wants chainId as a number', () => {
    expect(refusal({ to: TO, chainId: '0x1' })).toBe('chainId must be a number.');
    expect(refusal({ to: TO, chainId: 1n })).toBe('chainId must be a number.');
    expect(refusal({ to: TO, chainId: 0 })).toBe('chainId must be a positive whole number.');
  });

  it('refuses a request with neither to nor data, and accepts a deployment (data, no to)', () => {
    expect(refusal({ value: 1 })).toBe('A transaction needs a to address or data.');
    expect(refusal({ to: null })).toBe('A transaction needs a to address or data.');
    expect(validateTransactionRequest({ to: null, data: '0x6000' })).toEqual({ data: '0x6000' });
  });

  it('refuses bad addresses (a wrong checksum too) and bad data', () => {
    expect(refusal({ to: '0x1234' })).toBe('to is not a valid address.');
    expect(refusal({ to: TO.replace('C8', 'c8') })).toBe('to is not a valid address.');
    expect(refusal({ to: TO, from: 42 })).toBe('from is not a valid address.');
    expect(refusal({ to: TO, data: '0xabc' })).toBe('data is not a valid hex string.');
    expect(refusal({ to: TO, data: 12 })).toBe('data is not a valid hex string.');
  });

  it('refuses mixed fee fields, a priority fee over the max fee, differing gas and gasLimit, and other types', () => {
    expect(refusal({ to: TO, type: 0, maxFeePerGas: 1 })).toMatch(/^A legacy transaction takes gasPrice/);
    expect(refusal({ to: TO, gasPrice: 1, maxFeePerGas: 1 })).toMatch(/^An EIP-1559 transaction takes/);
    expect(refusal({ to: TO, type: 'eip1559', gasPrice: 1 })).toMatch(/^An EIP-1559 transaction takes/);
    expect(refusal({ to: TO, maxFeePerGas: 1, maxPriorityFeePerGas: 2 })).toBe(
      'maxPriorityFeePerGas must not exceed maxFeePerGas.',
    );
    expect(refusal({ to: TO, gas: 21_000, gasLimit: 22_000 })).toBe('gas and gasLimit differ.');
    expect(refusal({ to: TO, type: 3 })).toBe('type must be 0 (legacy) or 2 (EIP-1559).');
    expect(refusal({ to: TO, accessList: [{ address: TO, storageKeys: ['0x1'] }] })).toBe(
      'accessList is not a valid access list.',
    );
  });

  it('refuses what is not an object', () => {
    for (const request of [null, undefined, 'tx', 42, [TO]])
      expect(refusal(request)).toBe('The transaction request must be an object.');
  });

  it('never throws anything but its catalogue error, whatever it is given', () => {
    const field = fc.oneof(
      fc.anything(),
      fc.bigInt(),
      fc.integer(),
      fc.double(),
      fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEFxz-'.split('')) }).map((hex) => `0x${hex}`),
    );
    const request = fc.record(
      {
        to: fc.oneof(field, fc.constant(TO)),
        from: field,
        value: field,
        data: field,
        chainId: field,
        nonce: field,
        gas: field,
        gasLimit: field,
        gasPrice: field,
        maxFeePerGas: field,
        maxPriorityFeePerGas: field,
        type: field,
        accessList: field,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(request, fc.anything()), (input) => {
        try {
          validateTransactionRequest(input);
        } catch (error) {
          expect(error).toBeInstanceOf(LatchError);
          expect((error as LatchError).code).toBe('invalid_transaction_request');
        }
      }),
    );
  });
});
