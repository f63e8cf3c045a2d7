import { LatchError } from '@latch/protocol';
import { type AccessList, type Address, type Hex, isAddress } from 'viem';
import type { TransactionRequest, ValidTransactionRequest } from './transactionTypes.js';

const MAX_UINT256 = 2n ** 256n - 1n;
const QUANTITY_HEX = /^0x[0-9a-fA-F]{1,64}$/;
const DATA_HEX = /^0x(?:[0-9a-fA-F]{2})*$/;
const STORAGE_KEY = /^0x[0-9a-fA-F]{64}$/;

const invalid = (message: string) => new LatchError('invalid_transaction_request', message);

/** A SPEC §5 quantity (number, bigint or hex string) as a bigint, or a catalogue error naming the field. */
function quantity(field: string, raw: unknown): bigint | undefined {
  if (raw === undefined) return undefined;
  let value: bigint;
  if (typeof raw === 'bigint') value = raw;
  else if (typeof raw === 'number') {
    if (!Number.isFinite(raw) || !Number.isInteger(raw)) throw invalid(`${field} must be a whole number.`);
    value = BigInt(raw);
  } else if (typeof raw === 'string') {
    if (!QUANTITY_HEX.test(raw)) throw invalid(`${field} is not a valid hex string.`);
    value = BigInt(raw);
  } else throw invalid(`${field} must be a number, bigint or hex string.`);
  if (value < 0n) throw invalid(`${field} must not be negative.`);
  if (value > MAX_UINT256) throw invalid(`${field} is too large.`);
  return value;
}

function address(field: string, raw: unknown): Address | undefined {
  if (raw === undefined || (field === 'to' && raw === null)) return undefined;
  // Strict: a mixed-case address must carry a valid checksum, so a mistyped one is not sent anywhere.
  if (typeof raw !== 'string' || !isAddress(raw)) throw invalid(`${field} is not a valid address.`);
  return raw;
}

function chainId(raw: unknown): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'number') throw invalid('chainId must be a number.');
  if (!Number.isSafeInteger(raw) || raw <= 0) throw invalid('chainId must be a positive whole number.');
  return raw;
}

function type(raw: unknown): ValidTransactionRequest['type'] {
  if (raw === undefined) return undefined;
  if (raw === 0 || raw === '0x0' || raw === 'legacy') return 'legacy';
  if (raw === 2 || raw === '0x2' || raw === 'eip1559') return 'eip1559';
  throw invalid('type must be 0 (legacy) or 2 (EIP-1559).');
}

function accessList(raw: unknown): AccessList | undefined {
  if (raw === undefined) return undefined;
  const valid =
    Array.isArray(raw) &&
    raw.every(
      (entry: unknown) =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as { address?: unknown }).address === 'string' &&
        isAddress((entry as { address: string }).address) &&
        Array.isArray((entry as { storageKeys?: unknown }).storageKeys) &&
        (entry as { storageKeys: unknown[] }).storageKeys.every(
          (key) => typeof key === 'string' && STORAGE_KEY.test(key),
        ),
    );
  if (!valid) throw invalid('accessList is not a valid access list.');
  return raw as AccessList;
}

/**
 * Checks a transaction request against SPEC §5 and returns it with bigint quantities. Every refusal is a
 * catalogue error (`invalid_transaction_request`) naming the field, never a raw TypeError: the request
 * comes from host code or an EIP-1193 caller and may be anything.
 */
export function validateTransactionRequest(request: unknown): ValidTransactionRequest {
  if (typeof request !== 'object' || request === null || Array.isArray(request))
    throw invalid('The transaction request must be an object.');
  const raw = request as Record<keyof TransactionRequest, unknown>;
  if (raw.data !== undefined && (typeof raw.data !== 'string' || !DATA_HEX.test(raw.data)))
    throw invalid('data is not a valid hex string.');
  const valid: ValidTransactionRequest = {
    to: address('to', raw.to),
    from: address('from', raw.from),
    value: quantity('value', raw.value),
    data: raw.data as Hex | undefined,
    chainId: chainId(raw.chainId),
    gasPrice: quantity('gasPrice', raw.gasPrice),
    maxFeePerGas: quantity('maxFeePerGas', raw.maxFeePerGas),
    maxPriorityFeePerGas: quantity('maxPriorityFeePerGas', raw.maxPriorityFeePerGas),
    type: type(raw.type),
    accessList: accessList(raw.accessList),
  };
  const gas = quantity('gas', raw.gas);
  const gasLimit = quantity('gasLimit', raw.gasLimit);
  if (gas !== undefined && gasLimit !== undefined && gas !== gasLimit) throw invalid('gas and gasLimit differ.');
  valid.gas = gas ?? gasLimit;
  const nonce = quantity('nonce', raw.nonce);
  if (nonce !== undefined && nonce > BigInt(Number.MAX_SAFE_INTEGER)) throw invalid('nonce is too large.');
  valid.nonce = nonce === undefined ? undefined : Number(nonce);
  if (valid.to === undefined && valid.data === undefined) throw invalid('A transaction needs a to address or data.');
  checkFeeFields(valid);
  return Object.fromEntries(
    Object.entries(valid).filter(([, value]) => value !== undefined),
  ) as ValidTransactionRequest;
}

/** The fee fields of one transaction type only, and a priority fee within the max fee. */
function checkFeeFields(request: ValidTransactionRequest): void {
  const has1559Fees = request.maxFeePerGas !== undefined || request.maxPriorityFeePerGas !== undefined;
  if (request.type === 'legacy' && has1559Fees)
    throw invalid('A legacy transaction takes gasPrice, not maxFeePerGas or maxPriorityFeePerGas.');
  if (request.gasPrice !== undefined && (request.type === 'eip1559' || has1559Fees))
    throw invalid('An EIP-1559 transaction takes maxFeePerGas and maxPriorityFeePerGas, not gasPrice.');
  if (
    request.maxFeePerGas !== undefined &&
    request.maxPriorityFeePerGas !== undefined &&
    request.maxPriorityFeePerGas > request.maxFeePerGas
  )
    throw invalid('maxPriorityFeePerGas must not exceed maxFeePerGas.');
}
