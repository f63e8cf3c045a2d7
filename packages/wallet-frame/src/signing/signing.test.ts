import { type Hex, verifyMessage, verifyTypedData } from 'viem';
import { describe, expect, it } from 'vitest';
import { createWalletKeys } from '../keys/createWalletKeys.js';
import { CustodyError } from '../keys/custodyError.js';
import { signPersonalMessage } from './signPersonalMessage.js';
import { signTypedDataV4 } from './signTypedDataV4.js';

const typedData = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: 1,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
} as const;

async function wallet() {
  return (await createWalletKeys()).wallet;
}

async function rejectsWith(promise: Promise<unknown>, code: string) {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CustodyError);
  expect((error as CustodyError).code).toBe(code);
}

describe('personal_sign', () => {
  it('signs a text message that viem verifies against the wallet address', async () => {
    const w = await wallet();
    const signature = await signPersonalMessage(w, 'Hello from Latch', w.address);
    expect(await verifyMessage({ address: w.address, message: 'Hello from Latch', signature })).toBe(true);
    expect(await verifyMessage({ address: w.address, message: 'Hello from Latch!', signature })).toBe(false);
  });

  it('signs a 0x hex message as raw bytes', async () => {
    const w = await wallet();
    const raw: Hex = '0xdeadbeef';
    const signature = await signPersonalMessage(w, raw, w.address.toLowerCase());
    expect(await verifyMessage({ address: w.address, message: { raw }, signature })).toBe(true);
  });

  it('refuses an empty or non-string message with invalid_message', async () => {
    const w = await wallet();
    await rejectsWith(signPersonalMessage(w, '', w.address), 'invalid_message');
    await rejectsWith(signPersonalMessage(w, 42, w.address), 'invalid_message');
    await rejectsWith(signPersonalMessage(w, undefined, w.address), 'invalid_message');
  });

  it('refuses to sign for another address', async () => {
    const w = await wallet();
    const other = await wallet();
    await rejectsWith(signPersonalMessage(w, 'hi', other.address), 'wrong_signer');
  });
});

describe('eth_signTypedData_v4', () => {
  it('signs typed data (object or JSON text) that viem verifies', async () => {
    const w = await wallet();
    const { EIP712Domain: _, ...types } = typedData.types;
    for (const input of [typedData, JSON.stringify(typedData)]) {
      const signature = await signTypedDataV4(w, w.address, input);
      const verified = await verifyTypedData({
        address: w.address,
        domain: typedData.domain,
        types,
        primaryType: 'Mail',
        message: typedData.message,
        signature,
      });
      expect(verified).toBe(true);
    }
  });

  it('refuses malformed typed data, data that does not fit its types, and another address', async () => {
    const w = await wallet();
    await rejectsWith(signTypedDataV4(w, w.address, '{not json'), 'invalid_typed_data');
    await rejectsWith(signTypedDataV4(w, w.address, { primaryType: 'Mail' }), 'invalid_typed_data');
    const wrong = { ...typedData, message: { ...typedData.message, from: { name: 'Cow', wallet: 'not an address' } } };
    await rejectsWith(signTypedDataV4(w, w.address, wrong), 'invalid_typed_data');
    await rejectsWith(signTypedDataV4(w, (await wallet()).address, typedData), 'wrong_signer');
  });
});
