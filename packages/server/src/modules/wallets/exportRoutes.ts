import { LatchError } from '@latch/protocol';
import { ExportCodeBody, WALLET_API, type WireExportInit } from '@latch/protocol/schemas';
import { devicePrefix } from '../../identity/securityEvents/maskIdentifier.js';
import { recordSecurityEvent } from '../../identity/securityEvents/recordSecurityEvent.js';
import { hasStepUp, stepUpRequired, takeStepUp } from '../../identity/stepUp/StepUpRecords.js';
import { accountsBeforeSession } from '../../identity/stepUp/stepUpFactors.js';
import type { RouteDef } from '../../kernel/http/env.js';
import { custodyContact, maskedContact } from './custodyNotices.js';
import { type CustodyCall, custodyRoute } from './custodyRoute.js';
import { sendExportStepUp, verifyExportStepUp } from './exportStepUp.js';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

const bindingOf = (call: CustodyCall<unknown>) => ({
  ctx: call.ctx,
  appId: call.owner.appId,
  userId: call.owner.userId,
  sessionId: call.sessionId,
});

/** Where the export code goes: the user's verified email, else phone, among those they had before this session. */
async function exportContact(call: CustodyCall<unknown>) {
  return custodyContact(await accountsBeforeSession(call.ctx, call.user));
}

/**
 * Releases the calling device's newest auth share to it, after telling every verified channel of the
 * user (fail closed: if a notice cannot be sent, nothing leaves). A user with no email or phone gets the
 * audit row and the webhook only.
 */
async function release(call: CustodyCall<unknown>) {
  const { c, ctx, owner, deviceId } = call;
  // Told before the share leaves (securityEvents/): if a notice cannot be sent, nothing is released.
  return recordSecurityEvent(c, { type: 'export_released', detail: { device: devicePrefix(deviceId) } }, async () => {
    const { shareSetId, authShare } = await ctx.custody.releaseDeviceAuthShare(owner, deviceId);
    return { share_set_id: shareSetId, auth_share: b64(authShare) };
  });
}

/**
 * The export step-up (docs/custody.md): with this session's `export` step-up record (stepUp/), init
 * releases the calling device's auth share at once; without one, the export page asks for a code sent
 * to a verified email (else phone) the user had before this session, and only that code releases it.
 * With neither: 401 `step_up_required`. The user is told that the key was exported. Both calls need
 * a device proof like every custody call.
 */
export const exportRoutes: RouteDef[] = [
  custodyRoute('post', WALLET_API.exportInit, undefined, async (call): Promise<WireExportInit> => {
    const { ctx, owner, user } = call;
    const stepUp = await hasStepUp(bindingOf(call), 'export');
    const contact = stepUp ? undefined : await exportContact(call);
    // Before the MFA record is spent: a user with no way to step up learns it first.
    if (!stepUp && !contact) throw stepUpRequired('export');
    // Then the MFA verification: without it no code is sent nor counted (docs/mfa.md).
    await call.ctx.mfaGate.require(call, 'export');
    if (!(await ctx.custody.getWallet(owner))) throw new LatchError('embedded_wallet_not_found');
    if (stepUp) {
      if (!(await takeStepUp(bindingOf(call), 'export'))) throw stepUpRequired('export');
      return { channel: 'step_up', ...(await release(call)) };
    }
    if (!contact) throw stepUpRequired('export');
    await sendExportStepUp(ctx, owner, user.app.name, contact);
    return maskedContact(contact);
  }),
  custodyRoute('post', WALLET_API.exportAuthenticate, ExportCodeBody, async (call) => {
    const contact = await exportContact(call);
    if (!contact) throw stepUpRequired('export');
    await verifyExportStepUp(call.ctx, call.owner, contact, call.body.code);
    return release(call);
  }),
];
