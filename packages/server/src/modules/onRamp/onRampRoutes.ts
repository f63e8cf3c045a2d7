import { randomUUID } from 'node:crypto';
import { LatchError } from '@latch/protocol';
import { ON_RAMP_API, type OnRampSignResponse } from '@latch/protocol/onRamp';
import { OnRampSignBody } from '@latch/protocol/schemas';
import type { ServerContext } from '../../kernel/context.js';
import type { RouteDef } from '../../kernel/http/env.js';
import { parseBody } from '../../kernel/http/parseBody.js';
import { countSignRequest } from './onRampThrottle.js';
import { signedWidgetUrl, transactionStatusUrl } from './onRampUrl.js';

/** True when `address` is one of the user's own wallets: the embedded one or a linked external one. */
async function ownsWallet(ctx: ServerContext, appId: string, userId: string, address: string): Promise<boolean> {
  // Wallet accounts are keyed by the lower-cased address (identity/users/accounts.ts): the comparison ignores case.
  const row = await ctx.db
    .selectFrom('linked_accounts')
    .select('id')
    .where('app_id', '=', appId)
    .where('user_id', '=', userId)
    .where('type', '=', 'wallet')
    .where('account_key', '=', address.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * POST /api/v1/plugins/moonpay_on_ramp/sign (SPEC §7): the provider's widget URL for buying into one of the
 * caller's own wallets, signed with the app's secret key, a fresh external transaction id and the URL the
 * status screen polls. Refused when the app's on-ramp is off or has no keys for the asked mode, and for
 * any address that is not the caller's: a signed URL pays whichever wallet it names.
 */
export const onRampRoutes: RouteDef[] = [
  {
    method: 'post',
    path: ON_RAMP_API.sign,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const user = c.get('user');
      const appId = user.app.id;
      const userId = user.claims.userId;
      await countSignRequest(ctx, c, appId, userId);
      const body = await parseBody(c, OnRampSignBody);
      if (user.app.config.fiat_on_ramp_enabled !== true) throw new LatchError('on_ramp_not_enabled');
      const mode = body.useSandbox ? 'sandbox' : 'live';
      const credentials = await ctx.onRampSettings.get(appId, mode);
      if (!credentials) {
        throw new LatchError('on_ramp_not_configured', `The app has no ${mode} on-ramp provider keys.`);
      }
      if (!(await ownsWallet(ctx, appId, userId, body.address))) throw new LatchError('wallet_not_owned');
      const externalTransactionId = randomUUID();
      const response: OnRampSignResponse = {
        signedUrl: signedWidgetUrl({
          widgetUrl: credentials.widgetUrl,
          publishableKey: credentials.publishableKey,
          secretKey: credentials.secretKey,
          address: body.address,
          externalTransactionId,
          config: body.config,
        }),
        externalTransactionId,
        statusUrl: transactionStatusUrl(credentials.apiUrl, externalTransactionId, credentials.publishableKey),
      };
      return c.json(response);
    },
  },
];
