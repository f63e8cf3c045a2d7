import { randomBytes } from 'node:crypto';
import { LatchError } from '@latch/protocol';
import { ristretto255_oprf } from '@noble/curves/ed25519.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeyring } from '../../kernel/crypto/keyring.js';
import { type ShortLivedBackend, shortLivedBackends } from '../../kernel/kv/testing/shortLivedBackends.js';
import { createPasswordOprf, type OprfContext, oprfSecretKey, PASSWORD_ATTEMPT_POLICY, verifierHash } from './oprf.js';

const context: OprfContext = { appId: 'clapp00000000000000000001', userId: 'user-1', walletId: 'w-1' };
const password = new TextEncoder().encode('Secret-123');

// The client side (blind/finalize) is the frame's; here the library plays it to check the server step.
function clientRound(blinded: ReturnType<typeof ristretto255_oprf.oprf.blind>, evaluated: Uint8Array) {
  return Buffer.from(ristretto255_oprf.oprf.finalize(password, blinded.blind, evaluated)).toString('hex');
}

for (const factory of shortLivedBackends()) {
  describe(`password OPRF on ${factory.name}`, () => {
    let backend: ShortLivedBackend;
    afterEach(async () => backend?.dispose());

    it('gives the same output for the same password and user, different for another user', async () => {
      backend = await factory.create();
      const keyring = createKeyring(randomBytes(32));
      const oprf = createPasswordOprf(keyring, backend.store);
      const a = ristretto255_oprf.oprf.blind(password);
      const b = ristretto255_oprf.oprf.blind(password);
      expect(Buffer.from(a.blinded).equals(Buffer.from(b.blinded))).toBe(false);
      const outA = clientRound(a, await oprf.evaluate(context, a.blinded));
      const outB = clientRound(b, await oprf.evaluate(context, b.blinded));
      expect(outA).toBe(outB);
      const c = ristretto255_oprf.oprf.blind(password);
      const other = clientRound(c, await oprf.evaluate({ ...context, userId: 'user-2' }, c.blinded));
      expect(other).not.toBe(outA);
      // Derived, not stored: the same master key gives the same per-user key, another master key another.
      const master = randomBytes(32);
      expect(oprfSecretKey(createKeyring(master), context)).toEqual(oprfSecretKey(createKeyring(master), context));
      expect(oprfSecretKey(createKeyring(randomBytes(32)), context)).not.toEqual(oprfSecretKey(keyring, context));
    });

    it(`limits unconfirmed evaluations to ${PASSWORD_ATTEMPT_POLICY.max} per window, then answers 429`, async () => {
      backend = await factory.create();
      // The real limit, a short window: on Redis time passes for real.
      const policy = { max: PASSWORD_ATTEMPT_POLICY.max, windowMs: 1500 };
      const oprf = createPasswordOprf(createKeyring(randomBytes(32)), backend.store, policy);
      for (let i = 0; i < PASSWORD_ATTEMPT_POLICY.max; i++) {
        await oprf.evaluate(context, ristretto255_oprf.oprf.blind(password).blinded);
      }
      const error = await oprf
        .evaluate(context, ristretto255_oprf.oprf.blind(password).blinded)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LatchError);
      expect((error as LatchError).code).toBe('too_many_requests');
      expect((error as LatchError).retryAfter).toBeGreaterThan(0);
      // Another user's counter is separate.
      await oprf.evaluate({ ...context, userId: 'user-2' }, ristretto255_oprf.oprf.blind(password).blinded);
      // The window passes: attempts are allowed again.
      await backend.passTime(policy.windowMs + 100);
      await oprf.evaluate(context, ristretto255_oprf.oprf.blind(password).blinded);
    });

    it('a matching verifier resets the counter; a wrong one does not', async () => {
      backend = await factory.create();
      const oprf = createPasswordOprf(createKeyring(randomBytes(32)), backend.store, {
        max: 2,
        windowMs: 60_000,
      });
      const verifier = randomBytes(32);
      const stored = verifierHash(verifier);
      await oprf.evaluate(context, ristretto255_oprf.oprf.blind(password).blinded);
      await oprf.evaluate(context, ristretto255_oprf.oprf.blind(password).blinded);
      expect(await oprf.confirm(context, randomBytes(32), stored)).toBe(false);
      await expect(oprf.evaluate(context, ristretto255_oprf.oprf.blind(password).blinded)).rejects.toMatchObject({
        code: 'too_many_requests',
      });
      expect(await oprf.confirm(context, verifier, stored)).toBe(true);
      await oprf.evaluate(context, ristretto255_oprf.oprf.blind(password).blinded);
    });

    it('refuses a malformed blinded element without counting it', async () => {
      backend = await factory.create();
      const oprf = createPasswordOprf(createKeyring(randomBytes(32)), backend.store, {
        max: 1,
        windowMs: 60_000,
      });
      for (const bad of [new Uint8Array(32).fill(0xff), new Uint8Array(3)]) {
        await expect(oprf.evaluate(context, bad)).rejects.toMatchObject({ code: 'invalid_data' });
      }
      await oprf.evaluate(context, ristretto255_oprf.oprf.blind(password).blinded);
    });
  });
}
