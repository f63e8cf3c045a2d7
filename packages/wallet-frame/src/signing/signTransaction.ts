import { type Hex, isAddress, isHex, type TransactionSerializable } from 'viem';
import { CustodyError } from '../keys/custodyError.js';
import type { DerivedWallet } from '../keys/deriveWallet.js';
import { assertSigner } from './signPersonalMessage.js';

// SPEC §5: these fields must be a number, a bigint or a hex string; chainId must be a number.
const QUANTITIES = ['gas', 'gasLimit', 'gasPrice', 'value', 'maxPriorityFeePerGas', 'maxFeePerGas'] as const;

function quantity(name: string, value: unknown): bigint | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'bigint' && value >= 0n) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && isHex(value, { strict: true }) && value.length > 2) return BigInt(value);
  throw new CustodyError('invalid_typed_data', `Transaction field ${name} must be a number, bigint or hex string`);
}

/** Turns an EIP-1193 transaction request into what viem signs, refusing malformed fields. */
export function toSignableTransaction(request: Record<string, unknown>): TransactionSerializable {
  const { chainId, to, data, nonce } = request;
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new CustodyError('invalid_typed_data', 'Transaction chainId must be a number');
  }
  if (to !== undefined && to !== null && (typeof to !== 'string' || !isAddress(to))) {
    throw new CustodyError('invalid_typed_data', 'Transaction to must be an address');
  }
  if (data !== undefined && (typeof data !== 'string' || !isHex(data))) {
    throw new CustodyError('invalid_typed_data', 'Transaction data must be hex');
  }
  const values = Object.fromEntries(QUANTITIES.map((k) => [k, quantity(k, request[k])]));
  const nonceValue = quantity('nonce', nonce);
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
    };
  }
  return { ...base, type: 'legacy', gasPrice: values.gasPrice };
}

/** eth_signTransaction: signs the request with the unlocked wallet; `from` must be the wallet. */
export async function signTransaction(wallet: DerivedWallet, request: Record<string, unknown>): Promise<Hex> {
  if (typeof request.from === 'string') assertSigner(wallet, request.from);
  return wallet.account.signTransaction(toSignableTransaction(request));
}
