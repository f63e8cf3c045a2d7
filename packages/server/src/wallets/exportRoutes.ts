import { LatchError } from '@latch/protocol';
import { ExportCodeBody, WALLET_API, type WireExportInit } from '@latch/protocol/schemas';
import { requireMfaFor } from '../auth/mfa/mfaGate.js';
import type { RouteDef } from '../http/env.js';
import { devicePrefix } from '../securityEvents/maskIdentifier.js';
import { recordSecurityEvent } from '../securityEvents/recordSecurityEvent.js';
import { custodyContact, maskedContact } from './custodyNotices.js';
import { custodyRoute } from './custodyRoute.js';
import { sendExportStepUp, verifyExportStepUp } from './exportStepUp.js';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/**
 * The export step-up (docs/custody.md): the export page asks for a code sent to the user's verified
 * email (else phone), and only that code releases the calling device's auth share to it; the user is
 * told that the key was exported. Both calls need a device proof like every custody call.
 */
export const exportRoutes: RouteDef[] = [
  custodyRoute('post', WALLET_API.exportInit, undefined, async (call): Promise<WireExportInit> => {
    const { ctx, owner, user } = call;
    // First: without the verification no code is sent nor counted (docs/mfa.md).
    await requireMfaFor(call, 'export');
    const contact = custodyContact(user.accounts);
    if (!contact) throw new LatchError('no_verified_channel');
    if (!(await ctx.custody.getWallet(owner))) throw new LatchError('embedded_wallet_not_found');
    await sendExportStepUp(ctx, owner, user.app.name, contact);
    return maskedContact(contact);
  }),
  custodyRoute(
    'post',
    WALLET_API.exportAuthenticate,
    ExportCodeBody,
    async ({ c, ctx, owner, user, deviceId, body }) => {
      const contact = custodyContact(user.accounts);
      if (!contact) throw new LatchError('no_verified_channel');
      await verifyExportStepUp(ctx, owner, contact, body.code);
      // Told before the share leaves: if the notice cannot be sent, nothing is released (fail closed).
      return recordSecurityEvent(
        c,
        { type: 'export_released', detail: { device: devicePrefix(deviceId) } },
        async () => {
          const { shareSetId, authShare } = await ctx.custody.releaseDeviceAuthShare(owner, deviceId);
          return { share_set_id: shareSetId, auth_share: b64(authShare) };
        },
      );
    },
  ),
];
