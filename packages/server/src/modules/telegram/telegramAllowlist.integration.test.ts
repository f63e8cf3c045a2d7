import type { TokenResponse } from '@latch/protocol';
import { expect, it } from 'vitest';
import { linkAccount } from '../../identity/users/users.js';
import { forEachBackend } from '../../test/harness.js';
import { telegramTestApp, telegramUserId } from './testing/telegramTestApp.js';

// Issue #32: Telegram reports no email (its Login Widget result: id, names, username, photo, date), so under an
// allowlist a new Telegram user has nothing to be admitted by and is refused (docs/server.md "Access rules");
// an existing user with a listed account still logs in with the Telegram account they linked.

forEachBackend('Telegram sign-up under an allowlist', (server, backend) => {
  it('refuses a new Telegram user with allowlist_rejected, making no user', async () => {
    const app = await telegramTestApp(server());
    await server().ctx.apps.update(app.appId, { allowlist: [`invited.${backend}@example.com`] });
    const before = await server().tableCounts();
    const res = await app.authenticate(app.result(telegramUserId(), { username: 'invited' }));
    expect({ status: res.status, error: (await res.json()).error }).toEqual({
      status: 403,
      error: 'allowlist_rejected',
    });
    expect((await server().tableCounts()).users).toBe(before.users);
  });

  it('admits an existing user with a listed email by the Telegram account they linked', async () => {
    const app = await telegramTestApp(server());
    const email = `member.${backend}@example.com`;
    await server().ctx.apps.update(app.appId, { allowlist: [email] });
    const member = await server().signIn(app.appId, { type: 'email', address: email });
    const id = telegramUserId();
    const telegram = { type: 'telegram', telegram_user_id: String(id), username: null, first_name: 'Ada' } as const;
    await linkAccount(server().ctx, app.appId, member.user.id.replace('did:latch:', ''), telegram);
    const res = await app.authenticate(app.result(id));
    expect(res.status).toBe(200);
    expect(((await res.json()) as TokenResponse).user.id).toBe(member.user.id);
  });
});
