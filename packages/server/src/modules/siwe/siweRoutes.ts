import { SIWE_API } from '@latch/protocol';
import { SiweAuthenticateBody, SiweInitBody, SiweUnlinkBody } from '@latch/protocol/schemas';
import { authenticateUser } from '../../identity/http/requireCaller.js';
import { bearerToken, namedApp } from '../../identity/http/resolveApp.js';
import { accountEvent } from '../../identity/securityEvents/accountEvent.js';
import { recordSecurityEvent } from '../../identity/securityEvents/recordSecurityEvent.js';
import { logIn } from '../../identity/sessions/sessions.js';
import { stepUpGate, withStepUp } from '../../identity/stepUp/requireStepUp.js';
import { toWireUser } from '../../identity/users/userRecords.js';
import { linkAccount, unlinkAccount } from '../../identity/users/users.js';
import type { RouteDef } from '../../kernel/http/env.js';
import { parseBody } from '../../kernel/http/parseBody.js';
import { loadViem } from '../../kernel/lazy/loadViem.js';
import { clientIp } from '../../kernel/throttle/clientIp.js';
import { requireCaptcha } from '../captcha/requireCaptcha.js';

/**
 * Sign-In with Ethereum (SPEC §7 "Wallet signature", EIP-4361): init hands out a single-use nonce for an
 * address; authenticate logs in or signs up with the signed message; link and unlink change the signed-in
 * user and answer the updated WireUser.
 */
export const siweRoutes: RouteDef[] = [
  {
    method: 'post',
    path: SIWE_API.init,
    caller: 'app',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const app = namedApp(c);
      const { address, token } = await parseBody(c, SiweInitBody);
      // A wallet login is anyone's to start: a human check first, unless a signed-in user links a wallet.
      if (bearerToken(c) === undefined || !(await authenticateUser(c).catch(() => undefined)))
        await requireCaptcha(c, app, token);
      return c.json(await ctx.siwe.init(app, address, clientIp(c)));
    },
  },
  {
    method: 'post',
    path: SIWE_API.authenticate,
    caller: 'app',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const app = namedApp(c);
      const body = await parseBody(c, SiweAuthenticateBody);
      const account = await ctx.siwe.verify(app, body, 'login');
      return c.json(await logIn(ctx, app, account));
    },
  },
  {
    method: 'post',
    path: SIWE_API.link,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const caller = c.get('user');
      const body = await parseBody(c, SiweAuthenticateBody);
      // A step-up with a factor from before this session (stepUp/): checked before the nonce is spent.
      const stepUp = await stepUpGate(ctx, caller, 'link');
      const account = await ctx.siwe.verify(caller.app, body, 'link');
      const user = await stepUp.run(() =>
        recordSecurityEvent(c, accountEvent('account_linked', account), () =>
          linkAccount(ctx, caller.app.id, caller.user.id, account),
        ),
      );
      return c.json(toWireUser(user));
    },
  },
  {
    method: 'post',
    path: SIWE_API.unlink,
    caller: 'user',
    handler: async (c) => {
      const ctx = c.get('ctx');
      const caller = c.get('user');
      const { address } = await parseBody(c, SiweUnlinkBody);
      // Removing a login method is a change of who can log in, as for email and phone: a step-up.
      // Only the address identifies the account; the other fields are not read by unlink.
      const { getAddress } = await loadViem();
      const account = {
        type: 'wallet',
        address: getAddress(address.toLowerCase()),
        chain_type: 'ethereum',
        chain_id: null,
        wallet_client_type: '',
        connector_type: '',
        recovery_method: null,
        imported: false,
      } as const;
      const user = await withStepUp(ctx, caller, 'unlink', () =>
        recordSecurityEvent(c, accountEvent('account_unlinked', account), () =>
          unlinkAccount(ctx, caller.app.id, caller.user.id, account),
        ),
      );
      return c.json(toWireUser(user));
    },
  },
];
