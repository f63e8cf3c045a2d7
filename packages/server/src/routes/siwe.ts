import { SIWE_API } from '@latch/protocol';
import { SiweAuthenticateBody, SiweInitBody, SiweUnlinkBody } from '@latch/protocol/schemas';
import { getAddress } from 'viem';
import type { RouteDef } from '../http/env.js';
import { parseBody } from '../http/parseBody.js';
import { requireUser } from '../http/requireUser.js';
import { logIn } from '../services/sessions.js';
import { toWireUser } from '../services/userRecords.js';
import { linkAccount, unlinkAccount } from '../services/users.js';
import { siweLogin } from '../siwe/siweLoginFor.js';
import { clientIp } from '../throttle/clientIp.js';
import { requireRecentLoginToLink } from './codeStepUp.js';
import { headerApp } from './passwordlessSms.js';

/**
 * Sign-In with Ethereum (SPEC §7 "Wallet signature", EIP-4361): init hands out a single-use nonce for an
 * address; authenticate logs in or signs up with the signed message; link and unlink change the signed-in
 * user and answer the updated WireUser.
 */
export const siweRoutes: RouteDef[] = [
  {
    method: 'post',
    path: SIWE_API.init,
    handler: async (c, ctx) => {
      const { address } = await parseBody(c, SiweInitBody);
      const app = await headerApp(c);
      return c.json(await siweLogin(ctx).init(app, address, clientIp(c)));
    },
  },
  {
    method: 'post',
    path: SIWE_API.authenticate,
    handler: async (c, ctx) => {
      const body = await parseBody(c, SiweAuthenticateBody);
      const app = await headerApp(c);
      const account = await siweLogin(ctx).verify(app, body, 'login');
      return c.json(await logIn(ctx, app, account));
    },
  },
  {
    method: 'post',
    path: SIWE_API.link,
    handler: async (c, ctx) => {
      const body = await parseBody(c, SiweAuthenticateBody);
      const caller = await requireUser(c);
      await requireRecentLoginToLink(ctx, caller);
      const account = await siweLogin(ctx).verify(caller.app, body, 'link');
      const user = await linkAccount(ctx, caller.app.id, caller.user.id, account);
      return c.json(toWireUser(user));
    },
  },
  {
    method: 'post',
    path: SIWE_API.unlink,
    handler: async (c, ctx) => {
      const { address } = await parseBody(c, SiweUnlinkBody);
      const caller = await requireUser(c);
      // Removing a login method is a change of who can log in, as for email and phone: a recent login.
      await requireRecentLoginToLink(ctx, caller, 'unlink');
      // Only the address identifies the account; the other fields are not read by unlink.
      const user = await unlinkAccount(ctx, caller.app.id, caller.user.id, {
        type: 'wallet',
        address: getAddress(address.toLowerCase()),
        chain_type: 'ethereum',
        chain_id: null,
        wallet_client_type: '',
        connector_type: '',
        recovery_method: null,
        imported: false,
      });
      return c.json(toWireUser(user));
    },
  },
];
