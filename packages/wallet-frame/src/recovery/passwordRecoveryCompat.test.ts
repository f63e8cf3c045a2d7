import { ristretto255_oprf } from '@noble/curves/ed25519.js';
import { argon2idAsync } from '@noble/hashes/argon2.js';
import { describe, expect, it } from 'vitest';
import type { TaggedShare } from '../keys/shareEnvelope.js';
import { argon2idKey, openWithPassword } from './passwordRecovery.js';

// The wallet password's Argon2id moved from @noble/hashes (pure JS) to hash-wasm (WebAssembly). The key and the
// stored format must not change: a wallet whose password was set before must still open.

const bytes = (hex: string) => new Uint8Array(Buffer.from(hex, 'hex'));

// Made by protectWithPassword of commit e089d35 (@noble/hashes argon2idAsync) at the default 64 MiB / t=3 / p=1,
// with this OPRF key: exactly what the server and the device kept for a wallet whose password was set then.
const SEALED_BY_NOBLE = {
  oprfKey: 'a94129077121f2d253b3db07df85ced3c5665271266e868e786b06698289260e',
  walletId: 'e08c61d2-ca1d-4dec-b6da-9cea35f8b883',
  shareSetId: 'd1bb2798-c237-46e5-bec9-b6c222658f93',
  share: '60cfc72e1061baaa2b89e9cbe69fda0ad990a4f3fa316639b3246c1ec47304ac25',
  sealed:
    'db4c4fee91cfe04f7ebab1af281bc728ba84cfd01a84a4f5e1a42e236451cc43047a166f8178f6b6e2a4e23e9624085807cd72d0a3cf220e' +
    '717dd9cf6ea33b948b9a085eb5374bb9529e3dcf2b6f9112e1b01e0a20930d5c11d27632879acb4f49',
  salt: '012a958b25e273282997237899eb0add',
  verifier: '883ef75484d5e4addcc6d4d61158098a330934e876e13efddbe9193ab51477c9',
};

describe('Argon2id in WebAssembly, compatible with the pure-JS keys before it', () => {
  it('opens a share sealed by the earlier @noble/hashes code, and yields the verifier the server kept', async () => {
    const f = SEALED_BY_NOBLE;
    const evaluate = async (blinded: Uint8Array) => ristretto255_oprf.oprf.blindEvaluate(bytes(f.oprfKey), blinded);
    const ids = { walletId: f.walletId, shareSetId: f.shareSetId };
    const opened = await openWithPassword(
      { sealed: bytes(f.sealed), salt: bytes(f.salt) },
      'Secret-123',
      evaluate,
      ids,
    );
    const expected: TaggedShare = { kind: 'recovery', ...ids, threshold: 2, total: 3, share: bytes(f.share) };
    expect(opened.share).toEqual(expected);
    expect(Buffer.from(opened.verifier).toString('hex')).toBe(f.verifier);
    await expect(
      openWithPassword({ sealed: bytes(f.sealed), salt: bytes(f.salt) }, 'Secret-124', evaluate, ids),
    ).rejects.toMatchObject({ code: 'wrong_password' });
  }, 30_000);

  it("matches the Argon2 reference implementation's argon2id vector (v1.3, 64 MiB, t=2, p=1)", async () => {
    // From the reference implementation's test.c: "password", "somesalt", 32-byte output. (RFC 9106's vector also
    // sets a secret and associated data; hash-wasm takes no associated data, which we never use.)
    const encoder = new TextEncoder();
    const key = await argon2idKey(encoder.encode('password'), encoder.encode('somesalt'), { m: 65536, t: 2, p: 1 });
    expect(Buffer.from(key).toString('hex')).toBe('09316115d5cf24ed5a15a31a3ba326e5cf32edc24702987c02b6566f61913cf7');
  }, 30_000);

  it('gives byte-identical output to @noble/hashes argon2idAsync on random inputs and costs', async () => {
    // Cheap costs, but every shape: 1 and 2 lanes, 1 to 3 passes, memory not a multiple of the lane count,
    // passwords and salts of several lengths (ours are 64 bytes of OPRF output ‖ password, 16-byte salts).
    const costs = [
      { m: 8, t: 1, p: 1 },
      { m: 256, t: 3, p: 1 },
      { m: 1031, t: 2, p: 2 },
      { m: 2048, t: 1, p: 2 },
      { m: 4100, t: 3, p: 1 },
    ];
    for (const [i, cost] of costs.entries()) {
      const password = crypto.getRandomValues(new Uint8Array(1 + i * 31));
      const salt = crypto.getRandomValues(new Uint8Array(8 + i * 4));
      const wasm = await argon2idKey(password, salt, cost);
      const noble = await argon2idAsync(password, salt, { ...cost, dkLen: 32 });
      expect(Buffer.from(wasm).toString('hex'), JSON.stringify(cost)).toBe(Buffer.from(noble).toString('hex'));
    }
  });
});
