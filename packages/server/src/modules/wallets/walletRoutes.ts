import { LatchError, type WireWalletWithMfa } from '@latch/protocol';
import {
  AddShareSetBody,
  ConfirmPasswordBody,
  CreateWalletBody,
  type CustodyAction,
  OprfBody,
  RecoveryReleaseBody,
  RegisterDeviceBody,
  ReplaceRecoveryBody,
  RevokeShareSetBody,
  ShareSetIdBody,
  WALLET_API,
  type WireRecoveryRelease,
} from '@latch/protocol/schemas';
import { devicePrefix } from '../../identity/securityEvents/maskIdentifier.js';
import { recordSecurityEvent } from '../../identity/securityEvents/recordSecurityEvent.js';
import type { UserRef } from '../../identity/users/userRef.js';
import type { ServerContext } from '../../kernel/context.js';
import type { LatchContext, RouteDef } from '../../kernel/http/env.js';
import { countNewDevice } from './custodyLimits.js';
import { type CustodyCall, custodyRoute } from './custodyRoute.js';
import { mintDeviceNonce, takeDeviceGrant } from './deviceGrants.js';
import { recordEmbeddedWalletAccount } from './embeddedWalletAccount.js';
import { exportRoutes } from './exportRoutes.js';
import { importRoutes } from './importRoutes.js';
import { countNonceRequest } from './nonceThrottle.js';
import { createWalletFromBody, recoveryInput, toWire } from './walletCreation.js';
import { isCloudRecovery, type WalletRecord } from './walletInput.js';
import { verifyWalletSignature } from './walletSignature.js';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

/**
 * W-07: when repeated wrong passwords lock recovery, every verified channel of the user hears of it
 * (security event `recovery_password_locked`). Best effort: the lock holds whether or not it is delivered.
 */
async function passwordLockNotice(c: LatchContext): Promise<void> {
  const event = { type: 'recovery_password_locked', detail: {} } as const;
  await recordSecurityEvent(c, event, async () => undefined).catch((error: unknown) =>
    c.get('ctx').logger.warn({ err: { name: (error as Error)?.name } }, 'password-lock notice not delivered'),
  );
}

/** The owner's wallet, once this request's `wallet_signature` proves its key authorised `action` on the body's set. */
async function signedWallet(
  ctx: ServerContext,
  owner: UserRef,
  action: CustodyAction,
  nonce: string,
  body: { share_set_id: string; wallet_signature: string },
) {
  const wallet = await ctx.custody.getWallet(owner);
  if (!wallet) throw new LatchError('embedded_wallet_not_found');
  await verifyWalletSignature({
    action,
    appId: owner.appId,
    walletId: wallet.id,
    shareSetId: body.share_set_id,
    nonce,
    address: wallet.address,
    signature: body.wallet_signature,
  });
  return wallet;
}

/**
 * Embedded wallet custody endpoints (DESIGN §4, docs/custody.md), called by the wallet frame. Every
 * one but `nonce` needs the owner's access token AND a device proof by a registered device key
 * (`custodyRoute`); creating a wallet and changing its share sets also need a signature by the wallet key.
 */
export const walletRoutes: RouteDef[] = [
  {
    method: 'post',
    path: WALLET_API.nonce,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const user = c.get('user');
      await countNonceRequest(ctx, c, user.app.id, user.claims.userId);
      return c.json({ nonce: await mintDeviceNonce(ctx, user.app.id, user.claims.userId) });
    },
  },
  custodyRoute(
    'post',
    WALLET_API.devices,
    RegisterDeviceBody,
    async ({ c, ctx, owner, sessionId, deviceId, jwk, body }) => {
      const grant = await takeDeviceGrant(ctx, body.grant);
      // Bound to the app, user and session of the fresh login that minted it: a token of any other
      // session (a fork, another login) cannot redeem it, and a refresh never mints one.
      if (!grant || grant.appId !== owner.appId || grant.userId !== owner.userId || grant.sessionId !== sessionId) {
        throw new LatchError('invalid_device_grant');
      }
      const register = () => ctx.deviceKeys.register(owner, deviceId, jwk, sessionId);
      // A key already registered and live is no new device (the frame registers at every login); any
      // other is told to the user first: no notice, no registration.
      if (await ctx.deviceKeys.isActive(owner, deviceId)) await register();
      else
        await recordSecurityEvent(
          c,
          { type: 'device_registered', detail: { device: devicePrefix(deviceId) } },
          register,
        );
      return { device_id: deviceId };
    },
    { unregisteredDevice: true },
  ),
  custodyRoute('get', WALLET_API.wallet, undefined, async ({ ctx, owner, user }): Promise<WireWalletWithMfa> => {
    const wallet = await ctx.custody.getWallet(owner);
    // The frame learns which of its actions need a verification (docs/mfa.md).
    return { wallet: wallet ? toWire(wallet) : null, mfa: await ctx.mfaGate.stateFor(owner, user.app) };
  }),
  custodyRoute('post', WALLET_API.wallet, CreateWalletBody, async (call) => ({
    wallet: toWire(await createWalletFromBody(call, false)),
  })),
  ...importRoutes,
  custodyRoute('post', WALLET_API.authShare, ShareSetIdBody, async ({ ctx, owner, deviceId, body }) => {
    const share = await ctx.custody.releaseAuthShare(owner, body.share_set_id, deviceId);
    return { auth_share: b64(share) };
  }),
  // No notice here: the recovery release that gave this device the key was told (security event).
  custodyRoute('post', WALLET_API.shareSets, AddShareSetBody, async ({ ctx, owner, deviceId, nonce, body }) => {
    await signedWallet(ctx, owner, 'add-share-set', nonce, body);
    await ctx.custody.addDeviceShareSet(owner, body.share_set_id, bytes(body.auth_share), deviceId);
    return { share_set_id: body.share_set_id };
  }),
  custodyRoute('post', WALLET_API.revokeShareSet, RevokeShareSetBody, async ({ ctx, owner, nonce, body }) => {
    await signedWallet(ctx, owner, 'revoke-share-set', nonce, body);
    await ctx.custody.revokeDeviceShareSet(owner, body.share_set_id);
    return { revoked: true };
  }),
  custodyRoute('post', WALLET_API.recovery, RecoveryReleaseBody, async (call): Promise<WireRecoveryRelease> => {
    const { ctx, owner } = call;
    // First: without the verification nothing is counted or released.
    await call.ctx.mfaGate.require(call, 'recovery');
    const custody = ctx.custody;
    const wallet = await custody.getWallet(owner);
    if (!wallet) throw new LatchError('embedded_wallet_not_found');
    // A cloud backup's ciphertext goes only to a device that just signed in to the backup's own cloud account.
    const cloudHash = await cloudTicketFor(call, wallet.recoveryMethod, call.body.cloud_ticket);
    // Counted before anything is opened: past the daily quota nothing is released.
    await countNewDevice(ctx, owner);
    const detail = { device: devicePrefix(call.deviceId), recovery_method: wallet.recoveryMethod };
    // Told first: without the notice to every verified channel nothing is opened nor released.
    return recordSecurityEvent(
      call.c,
      { type: 'recovery_released', detail },
      async (): Promise<WireRecoveryRelease> => {
        if (cloudHash !== null) {
          const r = await custody.recovery.cloudRecovery(owner, cloudHash);
          const authShare = b64(await custody.releasePrimaryAuthShare(owner));
          return {
            method: r.method,
            wallet_id: r.walletId,
            share_set_id: r.shareSetId,
            sealed_share: b64(r.sealedShare),
            auth_share: authShare,
          };
        }
        const authShare = b64(await custody.releasePrimaryAuthShare(owner));
        if (wallet.recoveryMethod === 'latch') {
          const r = await custody.recovery.releaseProviderRecovery(owner);
          return {
            method: 'latch',
            share_set_id: r.shareSetId,
            sealed_share: b64(r.sealedShare),
            recovery_key: b64(r.recoveryKey),
            auth_share: authShare,
          };
        }
        const r = await custody.recovery.passwordRecovery(owner);
        return {
          method: 'user-passcode',
          share_set_id: r.shareSetId,
          sealed_share: b64(r.sealedShare),
          salt: b64(r.salt),
          auth_share: authShare,
        };
      },
    );
  }),
  custodyRoute('post', WALLET_API.replaceRecovery, ReplaceRecoveryBody, async (call) => {
    const { ctx, owner, deviceId, nonce, body } = call;
    await call.ctx.mfaGate.require(call, 'set_password');
    const custody = ctx.custody;
    const wallet = await signedWallet(ctx, owner, 'replace-recovery', nonce, body);
    // SPEC §4: 'A password cannot be set if recovery uses a cloud provider.' (Provider-managed is never chosen again.)
    if (isCloudRecovery({ method: wallet.recoveryMethod }) && !isCloudRecovery(body.recovery)) {
      throw new LatchError('recovery_uses_cloud_provider');
    }
    const recovery = await recoveryInput(call, body.recovery);
    const replace = async () => {
      await custody.recovery.replaceRecovery(owner, body.share_set_id, bytes(body.auth_share), recovery, deviceId);
      await recordEmbeddedWalletAccount(ctx, owner, wallet.address, recovery.method);
    };
    // Moving recovery to a cloud account is told to every channel first (no notice, no change): docs/cloud-backup.md.
    if (!isCloudRecovery(recovery)) await replace();
    else {
      const detail = { device: devicePrefix(deviceId), recovery_method: recovery.method };
      await recordSecurityEvent(call.c, { type: 'recovery_method_changed', detail }, replace);
    }
    return { share_set_id: body.share_set_id };
  }),
  custodyRoute('post', WALLET_API.oprf, OprfBody, async ({ c, ctx, owner, body }) => {
    // W-07: when repeated wrong passwords lock recovery, every verified channel of the user hears of it.
    const notify = () => passwordLockNotice(c);
    const evaluated = await ctx.custody.recovery.evaluatePasswordOprf(
      owner,
      body.wallet_id,
      bytes(body.blinded),
      notify,
    );
    return { evaluated: b64(evaluated) };
  }),
  custodyRoute('post', WALLET_API.confirmPassword, ConfirmPasswordBody, async ({ ctx, owner, body }) => ({
    confirmed: await ctx.custody.recovery.confirmPassword(owner, bytes(body.verifier)),
  })),
  ...exportRoutes,
];

/**
 * The account hash of a cloud wallet's recovery ticket (purpose `recover`, this device), or null for the other
 * methods; a cloud wallet without a ticket, or a ticket for another wallet kind, is refused before anything is counted.
 */
async function cloudTicketFor(
  call: CustodyCall<unknown>,
  method: WalletRecord['recoveryMethod'],
  ticket: string | undefined,
): Promise<string | null> {
  if (method !== 'google-drive' && method !== 'icloud') {
    if (ticket !== undefined) throw new LatchError('invalid_data', 'This wallet does not use a cloud backup.');
    return null;
  }
  if (ticket === undefined) throw new LatchError('invalid_cloud_ticket');
  const cloud = call.ctx.cloudBackups;
  if (!cloud) throw new LatchError('cloud_provider_not_configured');
  return cloud.takeTicket({ ...call.owner, deviceId: call.deviceId }, ticket, method, 'recover');
}
