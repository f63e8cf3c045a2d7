import { randomBytes } from 'node:crypto';
import { LatchError } from '@latch/protocol';
import { expect, it } from 'vitest';
import { logIn } from '../../identity/sessions/sessions.js';
import { forEachBackend, forEveryBackend, type TestServer } from '../../test/harness.js';
import { createCodeStore } from './createCodeStore.js';
import { CODE_GUESS_POLICY, OneTimeCodes } from './OneTimeCodes.js';

// A code login takes the one-statement path (the code check inside the login's statement) when the
// app has no allowlist and no user cap and the codes are in the database; with Redis the check runs
// before the login. Both are store contracts, so they run on every backend (harness.ts BackendChoice):
// first with short-lived state in the database (no Redis), then on each backend that has Redis.
function codeLoginContract(server: () => TestServer): void {
  const email = (address: string) => ({ type: 'email' as const, address });

  const codesOf = () => {
    const { ctx, clock } = server();
    const now = () => clock.now().getTime();
    return new OneTimeCodes({
      store: createCodeStore(ctx.shortLived.throttleBackend, ctx.db, now),
      hmacKey: randomBytes(32),
      now,
    });
  };
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
}

forEveryBackend('a code login in one statement', codeLoginContract, { settings: { redisUrl: undefined } });
forEachBackend('a code login checked on Redis first', codeLoginContract, {
  backends: (backend) => backend.name.includes('redis'),
});
