import { LatchError } from '@latch/protocol';
import { expect, it } from 'vitest';
import { forEveryBackend } from '../../test/harness.js';
import { getUser, toWireUser } from '../users/userRecords.js';
import { logIn, refreshSession } from './sessions.js';

// logIn takes the one-statement path when the app has no allowlist and no user cap; these tests check
// that what it answers is what the database then holds, on every database (auth/passwordless's
// logInWithCode.integration.test.ts does the same with a code check inside the statement).
// A store contract (the one-statement login under concurrent first logins), so on every backend.
forEveryBackend(
  'logIn in one statement',
  (server) => {
    const email = (address: string) => ({ type: 'email' as const, address });

    it('signs up a new user: the answer is the stored user, and its session refreshes', async () => {
      const { appId } = await server().createApp();
      const app = await server().ctx.apps.require(appId);
      const response = await logIn(server().ctx, app, email('New@Example.com'));
      expect(response.is_new_user).toBe(true);
      const userId = response.user.id.replace('did:latch:', '');
      const stored = await getUser(server().ctx, appId, userId);
      expect(stored && toWireUser(stored)).toEqual(response.user);
      expect(response.user.linked_accounts).toMatchObject([{ type: 'email', address: 'new@example.com' }]);
      const refreshed = await refreshSession(server().ctx, appId, response.refresh_token ?? '');
      expect(refreshed.user.id).toBe(response.user.id);
    });

    it('logs an existing user in: touches the account, answers what is then stored, starts a new session', async () => {
      const { appId } = await server().createApp({ config: { sms_auth: true } });
      const app = await server().ctx.apps.require(appId);
      const first = await logIn(server().ctx, app, email('back@example.com'));
      server().clock.advance(60_000);
      const again = await logIn(server().ctx, app, email('back@example.com'));
      expect(again.is_new_user).toBe(false);
      expect(again.user.id).toBe(first.user.id);
      const stored = await getUser(server().ctx, appId, again.user.id.replace('did:latch:', ''));
      expect(stored && toWireUser(stored)).toEqual(again.user);
      const [before, after] = [first.user.linked_accounts[0], again.user.linked_accounts[0]];
      expect(after?.latest_verified_at).toBe((before?.latest_verified_at ?? 0) + 60);
      expect(after?.first_verified_at).toBe(before?.first_verified_at);
      expect(again.refresh_token).not.toBe(first.refresh_token);
      await expect(refreshSession(server().ctx, appId, first.refresh_token ?? '')).resolves.toBeDefined();
      await expect(refreshSession(server().ctx, appId, again.refresh_token ?? '')).resolves.toBeDefined();
    });

    it('concurrent first logins of one address make one user, and every one gets a working session', async () => {
      const { appId } = await server().createApp();
      const app = await server().ctx.apps.require(appId);
      const before = await server().tableCounts();
      const results = await Promise.all(
        Array.from({ length: 4 }, () => logIn(server().ctx, app, email('race@example.com'))),
      );
      expect(new Set(results.map((result) => result.user.id)).size).toBe(1);
      expect(results.filter((result) => result.is_new_user)).toHaveLength(1);
      const after = await server().tableCounts();
      expect(after.users).toBe((before.users ?? 0) + 1);
      expect(after.linked_accounts).toBe((before.linked_accounts ?? 0) + 1);
      expect(after.sessions).toBe((before.sessions ?? 0) + 4);
      for (const result of results) await refreshSession(server().ctx, appId, result.refresh_token ?? '');
    });

    it('keeps the allowlist and the user cap (checked before writing) on the other path', async () => {
      const { appId } = await server().createApp({ allowlist: ['invited@example.com'], maxUsers: 1 });
      const app = await server().ctx.apps.require(appId);
      const before = await server().tableCounts();
      await expect(logIn(server().ctx, app, email('stranger@example.com'))).rejects.toEqual(
        new LatchError('allowlist_rejected'),
      );
      expect(await server().tableCounts()).toEqual(before);
      expect((await logIn(server().ctx, app, email('invited@example.com'))).is_new_user).toBe(true);
    });
  },
  { settings: { redisUrl: undefined } },
);
