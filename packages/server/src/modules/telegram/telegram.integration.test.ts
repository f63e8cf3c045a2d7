import type { TokenResponse, WireUser } from '@latch/protocol';
import { OAUTH_LIMIT } from '@latch/protocol/oauth';
import { expect, it } from 'vitest';
import { stepUpForTest } from '../../identity/stepUp/testing/stepUpForTest.js';
import { forEachBackend, type TestServer } from '../../test/harness.js';
import { databaseFingerprint } from '../passwordless/testing/databaseFingerprint.js';
import { TelegramLogin } from './TelegramLogin.js';
import { telegramResult, testBot } from './testing/telegramSigner.js';
import { telegramTestApp, telegramUserId } from './testing/telegramTestApp.js';

// Real server, real store, results signed as Telegram signs them (testing/telegramSigner.ts).

const SHORT_LIVED = new Set(['short_lived', 'durable_counters']);

/** Every table but the short-lived store (where throttle counters and spent results live). */
async function fingerprint(server: TestServer) {
  const all = await databaseFingerprint(server.db);
  return Object.fromEntries(Object.entries(all).filter(([table]) => !SHORT_LIVED.has(table)));
}

/** Sends `request`, expects `status` and `code` (and `message` when given), and every table unchanged. */
async function expectRefused(
  server: TestServer,
  request: () => Promise<Response>,
  status: number,
  code: string,
  message?: string,
) {
  const before = await fingerprint(server);
  const res = await request();
  const body = await res.json();
  expect({ status: res.status, error: body.error }).toEqual({ status, error: code });
  if (message) expect(body.message).toContain(message);
  expect(await fingerprint(server)).toEqual(before);
}

const telegramAccount = (user: WireUser) => user.linked_accounts.find((a) => a.type === 'telegram');

forEachBackend('telegram login', (server) => {
  it('logs a Telegram user in (a fresh login with a device grant), the same user again with a new result', async () => {
    const app = await telegramTestApp(server());
    const id = telegramUserId();
    const res = await app.authenticate(app.result(id, { username: 'ada_l' }));
    expect(res.status).toBe(200);
    const first = (await res.json()) as TokenResponse;
    expect(first).toMatchObject({ is_new_user: true, session_update_action: 'set' });
    expect(first.token).toEqual(expect.any(String));
    expect(first.device_grant).toEqual(expect.any(String));
    expect(telegramAccount(first.user)).toMatchObject({
      type: 'telegram',
      telegram_user_id: String(id),
      username: 'ada_l',
      first_name: 'Ada',
    });
    server().clock.advance(2_000);
    const again = (await (await app.authenticate(app.result(id))).json()) as TokenResponse;
    expect(again).toMatchObject({ is_new_user: false });
    expect(again.user.id).toBe(first.user.id);
  });

  it('refuses a result with a changed field, or signed by another bot, changing nothing', async () => {
    const app = await telegramTestApp(server());
    const good = app.result(telegramUserId());
    await expectRefused(
      server(),
      () => app.authenticate({ ...good, id: good.id + 1 }),
      422,
      'invalid_credentials',
      'did not verify',
    );
    const otherBot = telegramResult(testBot(), telegramUserId(), { authDate: app.nowSec() });
    await expectRefused(server(), () => app.authenticate(otherBot), 422, 'invalid_credentials', 'did not verify');
    // Another app's bot: a result for app A does not log in at app B.
    const other = await telegramTestApp(server());
    await expectRefused(server(), () => other.authenticate(app.result(telegramUserId())), 422, 'invalid_credentials');
  });

  it('refuses an old result and one dated in the future', async () => {
    const app = await telegramTestApp(server());
    const old = app.result(telegramUserId(), { authDate: app.nowSec() - OAUTH_LIMIT.telegramMaxAgeSec - 1 });
    await expectRefused(server(), () => app.authenticate(old), 422, 'invalid_credentials', 'too old');
    const ahead = app.result(telegramUserId(), { authDate: app.nowSec() + OAUTH_LIMIT.telegramClockSkewSec + 60 });
    await expectRefused(server(), () => app.authenticate(ahead), 422, 'invalid_credentials', 'future');
    // A result that was fresh goes stale on the server's clock.
    const fresh = app.result(telegramUserId());
    server().clock.advance((OAUTH_LIMIT.telegramMaxAgeSec + 1) * 1000);
    await expectRefused(server(), () => app.authenticate(fresh), 422, 'invalid_credentials', 'too old');
  });

  it('refuses a replayed result, also when the first use raced it', async () => {
    const app = await telegramTestApp(server());
    const result = app.result(telegramUserId());
    expect((await app.authenticate(result)).status).toBe(200);
    await expectRefused(server(), () => app.authenticate(result), 422, 'invalid_credentials', 'already used');
    const racing = app.result(telegramUserId());
    const statuses = (await Promise.all([app.authenticate(racing), app.authenticate(racing), app.authenticate(racing)]))
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([200, 422, 422]);
  });

  it('refuses when Telegram login is off or the app has no bot, with the SDK’s text', async () => {
    const off = await telegramTestApp(server(), { telegram_auth: false });
    await expectRefused(
      server(),
      () => off.authenticate(off.result(telegramUserId())),
      403,
      'disallowed_login_method',
      'Login with Telegram not allowed.',
    );
    const noBot = await telegramTestApp(server());
    await server().ctx.loginCredentials.remove(noBot.appId, 'telegram');
    await expectRefused(
      server(),
      () => noBot.authenticate(noBot.result(telegramUserId())),
      403,
      'disallowed_login_method',
    );
  });

  it('refuses a malformed body with invalid_data (never a 500)', async () => {
    const app = await telegramTestApp(server());
    const good = app.result(telegramUserId());
    for (const body of [
      {},
      { telegram_auth_result: { ...good, hash: 'zz' } },
      { telegram_auth_result: { ...good, id: '42' } },
      { telegram_auth_result: { ...good, auth_date: -1 } },
      { telegram_auth_result: { ...good, first_name: 'x'.repeat(300) } },
      { telegram_auth_result: null },
    ]) {
      await expectRefused(server(), () => app.post('/api/v1/telegram/authenticate', body), 400, 'invalid_data');
    }
  });

  it('throttles logins per app and client IP with the SDK’s Telegram text', async () => {
    const app = await telegramTestApp(server());
    server().ctx.telegram = new TelegramLogin(server().ctx, { points: 2, durationSec: 600 });
    try {
      expect((await app.authenticate(app.result(telegramUserId()))).status).toBe(200);
      expect((await app.authenticate(app.result(telegramUserId()))).status).toBe(200);
      const res = await app.authenticate(app.result(telegramUserId()));
      expect(res.status).toBe(429);
      expect(await res.json()).toEqual({
        error: 'too_many_requests',
        message: 'Request limit reached for Telegram. Please wait a moment and try again.',
      });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another app is not held up by this one's flood.
      const other = await telegramTestApp(server());
      expect((await other.authenticate(other.result(telegramUserId()))).status).toBe(200);
    } finally {
      server().ctx.telegram = new TelegramLogin(server().ctx);
    }
  });

  it('links Telegram to a signed-in user and unlinks it; one Telegram account per user', async () => {
    const app = await telegramTestApp(server());
    const session = await app.signIn();
    const stepUp = (action: 'link' | 'unlink') => stepUpForTest(server(), { ...app, token: session.token! }, action);
    const id = telegramUserId();
    await stepUp('link');
    const linked = await app.link(session.token!, app.result(id));
    expect(linked.status).toBe(200);
    const user = (await linked.json()) as WireUser;
    expect(user.id).toBe(session.user.id);
    expect(telegramAccount(user)).toMatchObject({ telegram_user_id: String(id) });
    // The linked account logs the user in (a new result: the same second's would be the same, spent one).
    server().clock.advance(1_000);
    const login = (await (await app.authenticate(app.result(id))).json()) as TokenResponse;
    expect(login.user.id).toBe(session.user.id);
    await stepUp('link');
    await expectRefused(
      server(),
      () => app.link(session.token!, app.result(telegramUserId())),
      409,
      'cannot_link_more_of_type',
    );

    await stepUp('unlink');
    const unlinked = await app.unlink(session.token!, String(id));
    expect(unlinked.status).toBe(200);
    expect(telegramAccount((await unlinked.json()) as WireUser)).toBeUndefined();
    await stepUp('unlink');
    await expectRefused(server(), () => app.unlink(session.token!, String(id)), 404, 'account_not_linked');
  });

  it('refuses to link a Telegram account another user holds, and to unlink the last login method', async () => {
    const app = await telegramTestApp(server());
    const id = telegramUserId();
    const owner = (await (await app.authenticate(app.result(id))).json()) as TokenResponse;
    const session = await app.signIn();
    server().clock.advance(1_000);
    await stepUpForTest(server(), { ...app, token: session.token! }, 'link');
    await expectRefused(server(), () => app.link(session.token!, app.result(id)), 409, 'linked_to_another_user');
    // A Telegram-only user has no factor to step up with (Telegram is none): the unlink stops there.
    await expectRefused(server(), () => app.unlink(owner.token!, String(id)), 401, 'step_up_required');
  });

  it('refuses to link or unlink without a step-up, however fresh the login (a stolen token adds no login method)', async () => {
    const app = await telegramTestApp(server());
    const session = await app.signIn();
    const mine = telegramUserId();
    await expectRefused(server(), () => app.link(session.token!, app.result(mine)), 401, 'step_up_required');
    await stepUpForTest(server(), { ...app, token: session.token! }, 'link');
    expect((await app.link(session.token!, app.result(mine))).status).toBe(200);
    await expectRefused(
      server(),
      () => app.link(session.token!, app.result(telegramUserId())),
      401,
      'step_up_required',
    );
    await expectRefused(server(), () => app.unlink(session.token!, String(mine)), 401, 'step_up_required');
  });

  it('refuses link and unlink without a valid access token', async () => {
    const app = await telegramTestApp(server());
    await expectRefused(
      server(),
      () => app.link('not-a-token', app.result(telegramUserId())),
      401,
      'missing_or_invalid_token',
    );
    await expectRefused(server(), () => app.unlink('', '42'), 401, 'missing_or_invalid_token');
  });
});
