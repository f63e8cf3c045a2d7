import { createPublicKey, verify } from 'node:crypto';
import { ERROR_CATALOGUE } from '@latch/protocol';
import { WALLET_EVENT } from '@latch/protocol/frame';
import { describe, expect, it } from 'vitest';
import { frameHost } from '../testing/frameHost.js';
import { memoryFrame } from '../testing/memoryCustody.js';

// Unit level, through the frame's router over a fake custody server (testing/memoryCustody.ts), headless.
const MESSAGE = '0x48656c6c6f2c204661726361737465722e';

const verifies = (publicKey: string, signature: string, message = MESSAGE) =>
  verify(
    null,
    Buffer.from(message.slice(2), 'hex'),
    createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(publicKey.slice(2), 'hex')]),
      format: 'der',
      type: 'spki',
    }),
    Buffer.from(signature.slice(2), 'hex'),
  );

async function farcasterFrame() {
  const { address, wallet } = await memoryFrame();
  const host = frameHost<{ publicKey?: string; signature?: string }>(wallet);
  const keyAt = async (index?: number) =>
    (await host(WALLET_EVENT.farcasterInitSigner, { accessToken: 'alice1', address, index })).data?.publicKey ?? '';
  const sign = (publicKey?: string) =>
    host(WALLET_EVENT.farcasterSign, { accessToken: 'alice1', address, message: MESSAGE, publicKey });
  return { host, address, keyAt, sign };
}

describe('latch:farcaster:* routes (fake server)', () => {
  it('init-signer answers key 0 by default and a fresh key for each index', async () => {
    const { keyAt } = await farcasterFrame();
    const first = await keyAt();
    expect(first).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await keyAt(0)).toBe(first);
    const second = await keyAt(1);
    expect(second).toMatch(/^0x[0-9a-f]{64}$/);
    expect(second).not.toBe(first);
    expect(await keyAt(1)).toBe(second);
  });

  it('signs with the key it is asked for (the approved signer, whatever its index); key 0 without one', async () => {
    const { keyAt, sign } = await farcasterFrame();
    const [first, second] = [await keyAt(0), await keyAt(1)];
    const bySecond = (await sign(second)).data?.signature ?? '';
    expect(verifies(second, bySecond)).toBe(true);
    expect(verifies(first, bySecond)).toBe(false);
    const byDefault = (await sign()).data?.signature ?? '';
    expect(verifies(first, byDefault)).toBe(true);
  });

  it("refuses to sign with a key that is not one of the wallet's, and an index out of range", async () => {
    const { host, address, sign } = await farcasterFrame();
    expect((await sign(`0x${'ab'.repeat(32)}`)).error).toEqual({
      type: 'error',
      message: ERROR_CATALOGUE.farcaster_signer_not_found.message,
    });
    const outOfRange = await host(WALLET_EVENT.farcasterInitSigner, { accessToken: 'alice1', address, index: 16 });
    expect(outOfRange.error).toMatchObject({ type: 'invalid_request_arguments' });
  });
});
