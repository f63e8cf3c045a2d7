import { LatchError } from '@latch/protocol';
import { CreateWalletBody, CUSTODY_LIMIT, WALLET_API } from '@latch/protocol/schemas';
import { devicePrefix } from '../../identity/securityEvents/maskIdentifier.js';
import { recordSecurityEvent } from '../../identity/securityEvents/recordSecurityEvent.js';
import { sessionLoggedInAt } from '../../identity/users/users.js';
import type { RouteDef } from '../../kernel/http/env.js';
import { countImport } from './custodyLimits.js';
import { type CustodyCall, custodyRoute } from './custodyRoute.js';
import { createWalletFromBody, toWire } from './walletCreation.js';

/** 401 `fresh_login_required` unless this session's login (its family's start: a refresh keeps it) is recent. */
async function requireFreshLogin(call: CustodyCall<unknown>): Promise<void> {
  const start = await sessionLoggedInAt(call.ctx, call.owner.appId, call.sessionId);
  const age = start ? call.ctx.clock.now().getTime() - start.getTime() : Number.POSITIVE_INFINITY;
  if (!(age <= CUSTODY_LIMIT.importFreshLoginMs)) throw new LatchError('fresh_login_required');
}

/**
 * Private-key import (issue #32, docs/custody.md "Import"): the frame splits a key the user typed in the frame's
 * own document exactly as a created wallet's entropy and sends the same body as a create, signed by that key.
 * On top of a create: a login at most CUSTODY_LIMIT.importFreshLoginMs old (401 `fresh_login_required`), at most
 * CUSTODY_LIMIT.importsPerDay tries per user per UTC day (429), and the notice "A private key was imported as your
 * wallet" to every verified channel before anything is stored (security event `wallet_imported`; a failed
 * delivery → 503 `notice_delivery_failed`, nothing stored). The linked `wallet` account says `imported: true`.
 */
export const importRoutes: RouteDef[] = [
  custodyRoute('post', WALLET_API.importWallet, CreateWalletBody, async (call) => {
    await requireFreshLogin(call);
    await countImport(call.ctx, call.owner);
    // Refused before anyone is told: one embedded wallet per user, never replaced by an import.
    if (await call.ctx.custody.getWallet(call.owner)) throw new LatchError('embedded_wallet_already_exists');
    const event = { type: 'wallet_imported', detail: { device: devicePrefix(call.deviceId) } } as const;
    const wallet = await recordSecurityEvent(call.c, event, () => createWalletFromBody(call, true));
    return { wallet: toWire(wallet) };
  }),
];
