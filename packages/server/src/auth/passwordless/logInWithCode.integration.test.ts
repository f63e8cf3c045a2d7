import { randomBytes } from 'node:crypto';
import { LatchError } from '@latch/protocol';
import { expect, it } from 'vitest';
import { CODE_GUESS_POLICY, OneTimeCodes } from '../codes/OneTimeCodes.js';
import { forEachBackend } from '../test/harness.js';
import { logIn, refreshSession } from './sessions.js';
import { getUser, toWireUser } from './userRecords.js';

// logIn takes the one-statement path when the app has no allowlist and no user cap; these tests check
// that what it answers is what the database then holds, on every database. Short-lived state stays in
// the database (no Redis) so that the code check runs inside the login's statement on PostgreSQL too;
// the route tests cover the Redis case, where the check runs before.
forEachBackend(
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

    // With a code check: inside the statement on PostgreSQL/PGlite, before it on Redis. Same rules.
    const codesOf = () =>
      new OneTimeCodes({
        kv: server().ctx.shortLived,
        hmacKey: randomBytes(32),
        now: () => server().clock.now().getTime(),
      });
    // The check's own writes (the code's tries, the identifier's failures) are not the login's.
    const withoutCodeState = ({ short_lived: _, durable_counters: __, ...counts }: Record<string, number>) => counts;

    it('with wrong codes writes nothing but the tries, then answers 429 inside the statement, and logs in after the wait', async () => {
      const { appId } = await server().createApp();
      const app = await server().ctx.apps.require(appId);
      const codes = codesOf();
      const scope = { appId, channel: 'email' as const, target: 'coded@example.com' };
      const code = await codes.issue(scope);
      const wrong = code === '000000' ? '000001' : '000000';
      const before = withoutCodeState(await server().tableCounts());
      for (let i = 0; i < CODE_GUESS_POLICY.backoff.free; i++) {
        await expect(logIn(server().ctx, app, email(scope.target), codes.check(scope, wrong))).rejects.toEqual(
          new LatchError('invalid_credentials'),
        );
      }
      expect(withoutCodeState(await server().tableCounts())).toEqual(before);
      const waiting = await logIn(server().ctx, app, email(scope.target), codes.check(scope, code)).catch((e) => e);
      expect(waiting).toMatchObject({ code: 'too_many_requests', retryAfter: CODE_GUESS_POLICY.backoff.baseMs / 1000 });
      expect(withoutCodeState(await server().tableCounts())).toEqual(before);
      server().clock.advance(CODE_GUESS_POLICY.backoff.baseMs);
      expect((await logIn(server().ctx, app, email(scope.target), codes.check(scope, code))).is_new_user).toBe(true);
    });

    it('with concurrent right answers logs in exactly once, and the code is spent', async () => {
      const { appId } = await server().createApp();
      const app = await server().ctx.apps.require(appId);
      const codes = codesOf();
      const scope = { appId, channel: 'email' as const, target: 'twice@example.com' };
      const code = await codes.issue(scope);
      const before = await server().tableCounts();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 4 }, () => logIn(server().ctx, app, email(scope.target), codes.check(scope, code))),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      expect((await server().tableCounts()).sessions).toBe((before.sessions ?? 0) + 1);
      await expect(logIn(server().ctx, app, email(scope.target), codes.check(scope, code))).rejects.toEqual(
        new LatchError('invalid_credentials'),
      );
    });
  },
  { settings: { redisUrl: undefined } },
);
