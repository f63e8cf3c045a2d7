import { type AccessList, type Hex, isAddress, isHex, type TransactionSerializable } from 'viem';
import { CustodyError } from '../keys/custodyError.js';
import type { DerivedWallet } from '../keys/deriveWallet.js';
import { assertSigner } from './signPersonalMessage.js';

// SPEC §5: these fields must be a number, a bigint or a hex string; chainId must be a number.
const QUANTITIES = ['gas', 'gasLimit', 'gasPrice', 'value', 'maxPriorityFeePerGas', 'maxFeePerGas'] as const;

// A transaction's quantities are uint256 on chain: anything larger cannot be what the user reviewed.
const MAX_UINT256 = 2n ** 256n - 1n;

const refuse = (message: string) => new CustodyError('invalid_transaction', message);

function quantity(name: string, value: unknown, max = MAX_UINT256): bigint | undefined {
  if (value === undefined || value === null) return undefined;
  let parsed: bigint | undefined;
  if (typeof value === 'bigint') parsed = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) parsed = BigInt(value);
  else if (typeof value === 'string' && isHex(value, { strict: true }) && value.length > 2) parsed = BigInt(value);
  if (parsed === undefined || parsed < 0n || parsed > max)
    throw refuse(`Transaction field ${name} must be a number, bigint or hex string within its range`);
  return parsed;
}

const STORAGE_KEY = /^0x[0-9a-fA-F]{64}$/;

// EIP-2930's access list: signed (and so approved) with the rest, never dropped.
function accessListOf(raw: unknown): AccessList | undefined {
  if (raw === undefined || raw === null) return undefined;
  const valid =
    Array.isArray(raw) &&
    raw.every((entry: unknown) => {
      if (typeof entry !== 'object' || entry === null) return false;
      const { address, storageKeys } = entry as { address?: unknown; storageKeys?: unknown };
      return (
        typeof address === 'string' &&
        isAddress(address) &&
        Array.isArray(storageKeys) &&
        storageKeys.every((key) => typeof key === 'string' && STORAGE_KEY.test(key))
      );
    });
  if (!valid) throw refuse('Transaction accessList must be a list of addresses and storage keys');
  return (raw as AccessList).map(({ address, storageKeys }) => ({ address, storageKeys: [...storageKeys] }));
}

/** Turns an EIP-1193 transaction request into what viem signs, refusing malformed fields. */
export function toSignableTransaction(request: Record<string, unknown>): TransactionSerializable {
  const { chainId, to, data, nonce } = request;
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId <= 0) {
    throw refuse('Transaction chainId must be a number');
  }
  if (to !== undefined && to !== null && (typeof to !== 'string' || !isAddress(to))) {
    throw refuse('Transaction to must be an address');
  }
  if (data !== undefined && (typeof data !== 'string' || !isHex(data))) {
    throw refuse('Transaction data must be hex');
  }
  const accessList = accessListOf(request.accessList);
  const values = Object.fromEntries(QUANTITIES.map((k) => [k, quantity(k, request[k])]));
  // viem signs the nonce as a JS number: above 2^53 it would not be the nonce reviewed.
  const nonceValue = quantity('nonce', nonce, BigInt(Number.MAX_SAFE_INTEGER));
  const base = {
    chainId,
    to: (to ?? undefined) as `0x${string}` | undefined,
    data: data as Hex | undefined,
    value: values.value,
    gas: values.gas ?? values.gasLimit,
    nonce: nonceValue === undefined ? undefined : Number(nonceValue),
  };
  if (values.maxFeePerGas !== undefined || values.maxPriorityFeePerGas !== undefined) {
    return {
      ...base,
      type: 'eip1559',
      maxFeePerGas: values.maxFeePerGas,
      maxPriorityFeePerGas: values.maxPriorityFeePerGas,
      accessList,
    };
  }
  // A gas price with an access list is EIP-2930 (a legacy transaction has no place for the list).
  if (accessList) return { ...base, type: 'eip2930', gasPrice: values.gasPrice, accessList };
  return { ...base, type: 'legacy', gasPrice: values.gasPrice };
}

/** eth_signTransaction: signs the request with the unlocked wallet; `from` must be the wallet. */
export async function signTransaction(wallet: DerivedWallet, request: Record<string, unknown>): Promise<Hex> {
  if (typeof request.from === 'string') assertSigner(wallet, request.from);
  return wallet.account.signTransaction(toSignableTransaction(request));
}
