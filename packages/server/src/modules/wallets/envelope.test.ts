import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  EnvelopeError,
  envelopeKeyId,
  openEnvelope,
  rewrapEnvelope,
  sealEnvelope,
} from '../../kernel/crypto/envelope.js';
import { createKeyring, recoveryKeyId } from '../../kernel/crypto/keyring.js';
import { masterKeyId } from '../../kernel/crypto/masterKey.js';

/** Whose share a sealed value is (WalletCustody's envelope context: app, user, wallet, share set). */
interface ShareContext {
  appId: string;
  userId: string;
  walletId: string;
  shareSetId: string;
}
const fields = (c: ShareContext) => [c.appId, c.userId, c.walletId, c.shareSetId];

const context: ShareContext = {
  appId: 'clapp00000000000000000001',
  userId: 'user-1',
  walletId: '6f1c2b1e-0d7a-4a8e-9b55-1c0a4f0e2d11',
  shareSetId: '0b8e3c1d-5f2a-4c7e-8d19-2a3b4c5d6e7f',
};
const share = randomBytes(69);

describe('auth share envelope', () => {
  it('round-trips under the same context', () => {
    const keyring = createKeyring(randomBytes(32));
    const sealed = sealEnvelope(keyring, 'auth-share-kek', fields(context), share);
    expect(openEnvelope(keyring, 'auth-share-kek', fields(context), sealed).equals(share)).toBe(true);
    expect(sealed).not.toContain(share.toString('base64url'));
  });

  it('uses a fresh data key and IV each time', () => {
    const keyring = createKeyring(randomBytes(32));
    expect(sealEnvelope(keyring, 'auth-share-kek', fields(context), share)).not.toBe(
      sealEnvelope(keyring, 'auth-share-kek', fields(context), share),
    );
  });

  it('refuses a wrong AAD: another app, user, wallet or share set', () => {
    const keyring = createKeyring(randomBytes(32));
    const sealed = sealEnvelope(keyring, 'auth-share-kek', fields(context), share);
    for (const other of [
      { ...context, appId: 'clapp00000000000000000002' },
      { ...context, userId: 'user-2' },
      { ...context, walletId: '00000000-0000-4000-8000-000000000000' },
      { ...context, shareSetId: '00000000-0000-4000-8000-000000000000' },
      // Field boundaries are length-prefixed: moving a character between fields is a different AAD.
      { ...context, appId: `${context.appId}u`, userId: 'ser-1' },
    ]) {
      expect(() => openEnvelope(keyring, 'auth-share-kek', fields(other), sealed)).toThrow(EnvelopeError);
    }
  });

  it('refuses another purpose, another master key and changed bytes', () => {
    const keyring = createKeyring(randomBytes(32));
    const sealed = sealEnvelope(keyring, 'auth-share-kek', fields(context), share);
    expect(() => openEnvelope(keyring, 'recovery-kek', fields(context), sealed)).toThrow(EnvelopeError);
    expect(() => openEnvelope(createKeyring(randomBytes(32)), 'auth-share-kek', fields(context), sealed)).toThrow(
      EnvelopeError,
    );
    const parts = sealed.split('.');
    const data = (parts[3] as string).split('~');
    const ct = Buffer.from(data[2] as string, 'base64url');
    ct[0] = (ct[0] ?? 0) ^ 1;
    data[2] = ct.toString('base64url');
    const changed = [parts[0], parts[1], parts[2], data.join('~')].join('.');
    expect(() => openEnvelope(keyring, 'auth-share-kek', fields(context), changed)).toThrow(EnvelopeError);
    expect(() => openEnvelope(keyring, 'auth-share-kek', fields(context), 'v1.x')).toThrow(EnvelopeError);
  });

  it('rotates: old values open with the old key kept, and re-wrap under the new key id', () => {
    const oldKey = randomBytes(32);
    const before = createKeyring(oldKey);
    const sealed = sealEnvelope(before, 'auth-share-kek', fields(context), share);
    const after = createKeyring(randomBytes(32), [oldKey]);
    expect(after.currentKeyId).not.toBe(before.currentKeyId);
    expect(openEnvelope(after, 'auth-share-kek', fields(context), sealed).equals(share)).toBe(true);
    const rewrapped = rewrapEnvelope(after, 'auth-share-kek', fields(context), sealed);
    expect(envelopeKeyId(rewrapped)).toBe(after.currentKeyId);
    // The data part is untouched; only the wrapped data key changed.
    expect(rewrapped.split('.')[3]).toBe(sealed.split('.')[3]);
    const newOnly = createKeyring(randomBytes(32));
    expect(() => openEnvelope(newOnly, 'auth-share-kek', fields(context), sealed)).toThrow(EnvelopeError);
    const withoutOld = { ...after, has: (id: string) => id === after.currentKeyId };
    expect(openEnvelope(withoutOld, 'auth-share-kek', fields(context), rewrapped).equals(share)).toBe(true);
  });

  it('refuses master keys that are not 32 bytes', () => {
    expect(() => createKeyring(randomBytes(16))).toThrow();
  });
});

// Sealed by the code before LATCH_RECOVERY_KEY (commit 087becd) under the master key Buffer.alloc(32, 7).
const LEGACY = JSON.parse(
  readFileSync(new URL('../../kernel/crypto/legacySealed.fixture.json', import.meta.url), 'utf8'),
) as {
  recovery: string;
  auth: string;
};
const legacyMaster = Buffer.alloc(32, 7);
const legacyContext: ShareContext = {
  appId: 'a'.repeat(25),
  userId: 'u'.repeat(25),
  walletId: '11111111-1111-4111-8111-111111111111',
  shareSetId: '22222222-2222-4222-8222-222222222222',
};

describe('separate keys: the provider-recovery KEK is its own key', () => {
  const master = randomBytes(32);
  const recovery = randomBytes(32);

  it('seals recovery keys under the recovery key (its id), which the master key alone cannot open', () => {
    const keyring = createKeyring(master, [], { current: recovery });
    const sealed = sealEnvelope(keyring, 'recovery-kek', fields(context), share);
    expect(envelopeKeyId(sealed)).toBe(recoveryKeyId(recovery));
    expect(keyring.currentKeyIdFor('recovery-kek')).toBe(recoveryKeyId(recovery));
    expect(keyring.currentKeyIdFor('auth-share-kek')).toBe(masterKeyId(master));
    // Same master key, another recovery key: closed. Another master key, same recovery key: open.
    const masterOnly = createKeyring(master, [], { current: randomBytes(32) });
    expect(() => openEnvelope(masterOnly, 'recovery-kek', fields(context), sealed)).toThrow(EnvelopeError);
    const recoveryOnly = createKeyring(randomBytes(32), [], { current: recovery });
    expect(openEnvelope(recoveryOnly, 'recovery-kek', fields(context), sealed).equals(share)).toBe(true);
  });

  it('never derives an auth-share or OPRF key from the recovery key', () => {
    const keyring = createKeyring(master, [], { current: recovery });
    expect(() => keyring.key('auth-share-kek', recoveryKeyId(recovery))).toThrow();
    expect(() => keyring.key('oprf-seed', recoveryKeyId(recovery))).toThrow();
    const sealed = sealEnvelope(keyring, 'recovery-kek', fields(context), share);
    expect(() => openEnvelope(keyring, 'auth-share-kek', fields(context), sealed)).toThrow(EnvelopeError);
  });

  it('still opens recovery keys sealed before (KEK derived from the master key) and re-wraps them under the recovery key', () => {
    const keyring = createKeyring(legacyMaster, [], { current: recovery });
    const opened = openEnvelope(keyring, 'recovery-kek', fields(legacyContext), LEGACY.recovery);
    expect(opened.equals(Buffer.alloc(32, 9))).toBe(true);
    expect(
      openEnvelope(keyring, 'auth-share-kek', fields(legacyContext), LEGACY.auth).equals(Buffer.alloc(33, 5)),
    ).toBe(true);
    const rewrapped = rewrapEnvelope(keyring, 'recovery-kek', fields(legacyContext), LEGACY.recovery);
    expect(envelopeKeyId(rewrapped)).toBe(recoveryKeyId(recovery));
    const withoutLegacyMaster = createKeyring(randomBytes(32), [], { current: recovery });
    expect(openEnvelope(withoutLegacyMaster, 'recovery-kek', fields(legacyContext), rewrapped).equals(opened)).toBe(
      true,
    );
  });

  it('rotates the recovery key: earlier ones in previous open, new values use the current one', () => {
    const before = createKeyring(master, [], { current: recovery });
    const sealed = sealEnvelope(before, 'recovery-kek', fields(context), share);
    const next = randomBytes(32);
    const after = createKeyring(master, [], { current: next, previous: [recovery] });
    expect(openEnvelope(after, 'recovery-kek', fields(context), sealed).equals(share)).toBe(true);
    const rewrapped = rewrapEnvelope(after, 'recovery-kek', fields(context), sealed);
    expect(envelopeKeyId(rewrapped)).toBe(recoveryKeyId(next));
    expect(
      openEnvelope(createKeyring(master, [], { current: next }), 'recovery-kek', fields(context), rewrapped),
    ).toEqual(share);
  });
});
