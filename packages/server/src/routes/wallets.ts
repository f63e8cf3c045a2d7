import { LatchError, type WireEmbeddedWallet } from '@latch/protocol';
import {
  AddShareSetBody,
  ConfirmPasswordBody,
  CreateWalletBody,
  OprfBody,
  ReplaceRecoveryBody,
  ShareSetIdBody,
  WALLET_API,
} from '@latch/protocol/schemas';
import type * as v from 'valibot';
import type { LatchContext, RouteDef } from '../http/env.js';
import { parseBody } from '../http/parseBody.js';
import { requireUser } from '../http/requireUser.js';
import { custodyFor } from '../wallets/custodyFor.js';
import { recordEmbeddedWalletAccount } from '../wallets/embeddedWalletAccount.js';
import type { NewWalletInput, WalletOwner, WalletRecord } from '../wallets/walletCustody.js';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

function toWire(w: WalletRecord): WireEmbeddedWallet {
  return {
    wallet_id: w.id,
    address: w.address,
    recovery_method: w.recoveryMethod,
    primary_share_set_id: w.primaryShareSetId,
  };
}

function recoveryInput(r: v.InferOutput<typeof CreateWalletBody>['recovery']): NewWalletInput['recovery'] {
  return r.method === 'latch'
    ? { method: 'latch', sealedShare: bytes(r.sealed_share), recoveryKey: bytes(r.recovery_key) }
    : { method: 'user-passcode', sealedShare: bytes(r.sealed_share), salt: bytes(r.salt), verifier: bytes(r.verifier) };
}

/**
 * Custody calls are answered only for the wallet frame, which the server itself serves: the
 * browser-set Origin must be the server's own (or absent with `Sec-Fetch-Site: same-origin`). A host page holding the access token cannot fetch
 * shares or recovery material.
 */
async function frameOwner(c: LatchContext): Promise<WalletOwner> {
  const ownOrigin = new URL(c.get('ctx').settings.publicUrl).origin;
  const origin = c.req.header('origin');
  // Browsers send no Origin on a same-origin GET, and 'null' under the frame's no-referrer policy;
  // Sec-Fetch-Site (which page script cannot set) then says whether the frame itself is calling.
  const fromFrame =
    origin === ownOrigin ||
    ((origin === undefined || origin === 'null') && c.req.header('sec-fetch-site') === 'same-origin');
  if (!fromFrame) throw new LatchError('invalid_origin');
  const user = await requireUser(c);
  return { appId: user.app.id, userId: user.claims.userId };
}

/** Embedded wallet custody endpoints (DESIGN §4), called by the wallet frame. */
export const walletRoutes: RouteDef[] = [
  {
    method: 'get',
    path: WALLET_API.wallet,
    handler: async (c, ctx) => {
      const wallet = await custodyFor(ctx).getWallet(await frameOwner(c));
      return c.json({ wallet: wallet ? toWire(wallet) : null });
    },
  },
  {
    method: 'post',
    path: WALLET_API.wallet,
    handler: async (c, ctx) => {
      const body = await parseBody(c, CreateWalletBody);
      const owner = await frameOwner(c);
      const wallet = await custodyFor(ctx).createWallet(owner, {
        walletId: body.wallet_id,
        shareSetId: body.share_set_id,
        address: body.address,
        authShare: bytes(body.auth_share),
        recovery: recoveryInput(body.recovery),
      });
      await recordEmbeddedWalletAccount(ctx, owner, wallet.address, wallet.recoveryMethod);
      return c.json({ wallet: toWire(wallet) });
    },
  },
  {
    method: 'post',
    path: WALLET_API.authShare,
    handler: async (c, ctx) => {
      const body = await parseBody(c, ShareSetIdBody);
      const share = await custodyFor(ctx).releaseAuthShare(await frameOwner(c), body.share_set_id);
      return c.json({ auth_share: b64(share) });
    },
  },
  {
    method: 'post',
    path: WALLET_API.shareSets,
    handler: async (c, ctx) => {
      const body = await parseBody(c, AddShareSetBody);
      await custodyFor(ctx).addDeviceShareSet(await frameOwner(c), body.share_set_id, bytes(body.auth_share));
      return c.json({ share_set_id: body.share_set_id });
    },
  },
  {
    method: 'post',
    path: WALLET_API.revokeShareSet,
    handler: async (c, ctx) => {
      const body = await parseBody(c, ShareSetIdBody);
      await custodyFor(ctx).revokeDeviceShareSet(await frameOwner(c), body.share_set_id);
      return c.json({ revoked: true });
    },
  },
  {
    method: 'post',
    path: WALLET_API.recovery,
    handler: async (c, ctx) => {
      const owner = await frameOwner(c);
      const custody = custodyFor(ctx);
      const wallet = await custody.getWallet(owner);
      if (!wallet) throw new LatchError('embedded_wallet_not_found');
      if (wallet.recoveryMethod === 'latch') {
        const r = await custody.releaseProviderRecovery(owner);
        return c.json({
          method: 'latch',
          share_set_id: r.shareSetId,
          sealed_share: b64(r.sealedShare),
          recovery_key: b64(r.recoveryKey),
        });
      }
      const r = await custody.passwordRecovery(owner);
      return c.json({
        method: 'user-passcode',
        share_set_id: r.shareSetId,
        sealed_share: b64(r.sealedShare),
        salt: b64(r.salt),
      });
    },
  },
  {
    method: 'post',
    path: WALLET_API.replaceRecovery,
    handler: async (c, ctx) => {
      const body = await parseBody(c, ReplaceRecoveryBody);
      const owner = await frameOwner(c);
      await custodyFor(ctx).replaceRecovery(
        owner,
        body.share_set_id,
        bytes(body.auth_share),
        recoveryInput(body.recovery),
      );
      const wallet = await custodyFor(ctx).getWallet(owner);
      if (wallet) await recordEmbeddedWalletAccount(ctx, owner, wallet.address, wallet.recoveryMethod);
      return c.json({ share_set_id: body.share_set_id });
    },
  },
  {
    method: 'post',
    path: WALLET_API.oprf,
    handler: async (c, ctx) => {
      const body = await parseBody(c, OprfBody);
      const evaluated = await custodyFor(ctx).evaluatePasswordOprf(
        await frameOwner(c),
        body.wallet_id,
        bytes(body.blinded),
      );
      return c.json({ evaluated: b64(evaluated) });
    },
  },
  {
    method: 'post',
    path: WALLET_API.confirmPassword,
    handler: async (c, ctx) => {
      const body = await parseBody(c, ConfirmPasswordBody);
      return c.json({ confirmed: await custodyFor(ctx).confirmPassword(await frameOwner(c), bytes(body.verifier)) });
    },
  },
];
