import { LatchError, type WireEmbeddedWallet } from '@latch/protocol';
import type { CreateWalletBody } from '@latch/protocol/schemas';
import type * as v from 'valibot';
import type { Db } from '../../kernel/store/db.js';
import type { CustodyCall } from './custodyRoute.js';
import { recordEmbeddedWalletAccount } from './embeddedWalletAccount.js';
import type { NewWalletInput, WalletRecord } from './walletInput.js';
import { verifyWalletSignature } from './walletSignature.js';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

/** A wallet as the custody answers carry it. */
export function toWire(w: WalletRecord): WireEmbeddedWallet {
  return {
    wallet_id: w.id,
    address: w.address,
    recovery_method: w.recoveryMethod,
    primary_share_set_id: w.primaryShareSetId,
  };
}

/**
 * The recovery material of a create, import or replace body. A cloud backup's upload carries the ticket of a
 * recovery OAuth round trip (purpose `backup`) of this device: the account hash it names is what the backup is
 * bound to (docs/cloud-backup.md).
 */
export async function recoveryInput(
  call: Pick<CustodyCall<unknown>, 'ctx' | 'owner' | 'deviceId'>,
  r: v.InferOutput<typeof CreateWalletBody>['recovery'],
): Promise<NewWalletInput['recovery']> {
  if (r.method === 'latch')
    return { method: 'latch', sealedShare: bytes(r.sealed_share), recoveryKey: bytes(r.recovery_key) };
  if (r.method === 'user-passcode') {
    return {
      method: 'user-passcode',
      sealedShare: bytes(r.sealed_share),
      salt: bytes(r.salt),
      verifier: bytes(r.verifier),
    };
  }
  const cloud = call.ctx.cloudBackups;
  if (!cloud) throw new LatchError('cloud_provider_not_configured');
  const owner = { ...call.owner, deviceId: call.deviceId };
  const accountHash = await cloud.takeTicket(owner, r.cloud_ticket, r.method, 'backup');
  return { method: r.method, sealedShare: bytes(r.sealed_share), accountHash };
}

/**
 * Registers the wallet of a create (or, with `imported`, an import) body: signed by the new wallet key, then
 * the wallet, its primary set bound to this device and the linked `wallet` account (`imported` as given) in one
 * transaction; 409 `embedded_wallet_already_exists` or `linked_to_another_user`, nothing left behind.
 */
export async function createWalletFromBody(
  call: CustodyCall<v.InferOutput<typeof CreateWalletBody>>,
  imported: boolean,
): Promise<WalletRecord> {
  const { ctx, owner, deviceId, nonce, body } = call;
  await verifyWalletSignature({
    action: 'create-wallet',
    appId: owner.appId,
    walletId: body.wallet_id,
    shareSetId: body.share_set_id,
    nonce,
    address: body.address,
    signature: body.wallet_signature,
  });
  const recovery = await recoveryInput(call, body.recovery);
  const input = {
    walletId: body.wallet_id,
    shareSetId: body.share_set_id,
    address: body.address,
    authShare: bytes(body.auth_share),
    recovery,
  };
  // The linked `wallet` account in the wallet's transaction: a conflict leaves no orphan.
  const account = (tx: Db) =>
    recordEmbeddedWalletAccount({ db: tx, clock: ctx.clock }, owner, body.address, recovery.method, imported);
  return ctx.custody.createWallet(owner, input, deviceId, account);
}
