import type { Hex, TypedDataDefinition } from 'viem';
import { CustodyError } from '../keys/custodyError.js';
import type { DerivedWallet } from '../keys/deriveWallet.js';
import { assertSigner } from './signPersonalMessage.js';

interface TypedDataInput {
  types: Record<string, { name: string; type: string }[]>;
  primaryType: string;
  domain?: Record<string, unknown>;
  message: Record<string, unknown>;
}

function parseTypedData(input: unknown): TypedDataInput {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      throw new CustodyError('invalid_typed_data', 'The typed data is not valid JSON');
    }
  }
  const data = value as Partial<TypedDataInput> | null;
  if (
    typeof data !== 'object' ||
    data === null ||
    typeof data.types !== 'object' ||
    data.types === null ||
    typeof data.primaryType !== 'string' ||
    typeof data.message !== 'object' ||
    data.message === null
  ) {
    throw new CustodyError('invalid_typed_data', 'The typed data needs types, primaryType and message');
  }
  return data as TypedDataInput;
}

/** eth_signTypedData_v4 with params [address, typed data] (SPEC §7); the typed data may be JSON text. */
export async function signTypedDataV4(wallet: DerivedWallet, address: string, typedData: unknown): Promise<Hex> {
  assertSigner(wallet, address);
  const { types, primaryType, domain, message } = parseTypedData(typedData);
  // viem derives the EIP712Domain type from the domain itself.
  const { EIP712Domain: _domainType, ...messageTypes } = types;
  try {
    return await wallet.account.signTypedData({
      domain: domain ?? {},
      types: messageTypes,
      primaryType,
      message,
      // Shapes are checked at run time by viem (it throws for data that does not fit its types).
    } as unknown as TypedDataDefinition);
  } catch (cause) {
    throw new CustodyError('invalid_typed_data', 'The typed data does not match its types', { cause });
  }
}
