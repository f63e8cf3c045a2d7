import { ADMIN_API, type AdminAllowlist } from '@latch/protocol';
import type { RouteDef } from '../../kernel/http/env.js';
import { parseBody } from '../../kernel/http/parseBody.js';
import { authenticateAdmin } from './adminAuth.js';
import { AllowlistBody, changeAllowlist } from './allowlist.js';

/**
 * The admin API's allowlist (docs/node-sdk.md): read it, add entries, remove entries. The list is the one
 * `apps update --allowlist` sets and every login checks (services/loginOrSignUp.ts).
 */
export const adminAllowlistRoutes: RouteDef[] = [
  {
    method: 'get',
    path: ADMIN_API.allowlist,
    async handler(c) {
      const app = await authenticateAdmin(c);
      const fresh = await c.get('ctx').apps.require(app.id, { fresh: true });
      const answer: AdminAllowlist = { allowlist: fresh.allowlist };
      return c.json(answer);
    },
  },
  {
    method: 'post',
    path: ADMIN_API.allowlist,
    async handler(c) {
      const app = await authenticateAdmin(c);
      const { entries } = await parseBody(c, AllowlistBody);
      const answer: AdminAllowlist = { allowlist: await changeAllowlist(c.get('ctx'), app, 'add', entries) };
      c.get('ctx').logger.info({ appId: app.id, added: entries.length }, 'admin API changed the allowlist');
      return c.json(answer);
    },
  },
  {
    method: 'post',
    path: ADMIN_API.allowlistRemove,
    async handler(c) {
      const app = await authenticateAdmin(c);
      const { entries } = await parseBody(c, AllowlistBody);
      const answer: AdminAllowlist = { allowlist: await changeAllowlist(c.get('ctx'), app, 'remove', entries) };
      c.get('ctx').logger.info({ appId: app.id, removed: entries.length }, 'admin API changed the allowlist');
      return c.json(answer);
    },
  },
];
