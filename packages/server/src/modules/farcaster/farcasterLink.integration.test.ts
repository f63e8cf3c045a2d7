import type { TokenResponse, WireUser } from '@latch/protocol';
import { expect, it } from 'vitest';
import { stepUpForTest } from '../../identity/stepUp/testing/stepUpForTest.js';
import { forEachBackend } from '../../test/harness.js';
import { expectRefusedUnchanged } from '../siwe/testing/expectRefusedUnchanged.js';
import { approve } from './testing/approve.js';
import { farcasterTestApp } from './testing/farcasterTestApp.js';
import { sharedFarcasterChain } from './testing/sharedFarcasterChain.js';

// Link and unlink against the real IdRegistry on anvil (testing/sharedFarcasterChain.ts).
const farcaster = sharedFarcasterChain();
const account = (user: WireUser) => user.linked_accounts.find((a) => a.type === 'farcaster');

forEachBackend('farcaster link and unlink', (server) => {
  const setup = async () => {
    farcaster().configure(server());
    const app = await farcasterTestApp(server());
    const session = await app.signIn();
    const token = session.token as string;
    const stepUp = (action: 'link' | 'unlink') => stepUpForTest(server(), { ...app, token }, action);
    return { app, session, token, stepUp };
  };

  it('links a Farcaster account to a signed-in user, logs in with it, and unlinks it', async () => {
    const { app, session, token, stepUp } = await setup();
    const who = await farcaster().newFid();
    await stepUp('link');
    const linked = await app.link(token, await approve(app, await app.init(), who));
    expect(linked.status).toBe(200);
    const user = (await linked.json()) as WireUser;
    expect(user.id).toBe(session.user.id);
    expect(account(user)).toMatchObject({ fid: who.fid, owner_address: who.custody.address, username: 'ada' });
    const login = (await (await app.authenticate(await approve(app, await app.init(), who))).json()) as TokenResponse;
    expect(login.user.id).toBe(session.user.id);
    await stepUp('unlink');
    const unlinked = await app.unlink(token, who.fid);
    expect(unlinked.status).toBe(200);
    expect(account((await unlinked.json()) as WireUser)).toBeUndefined();
    await stepUp('unlink');
    await expectRefusedUnchanged(server(), () => app.unlink(token, who.fid), 404, 'account_not_linked');
  });

  it('refuses a second Farcaster account (cannot_link_more_of_type), and one another user holds (linked_to_another_user)', async () => {
    const { app, token, stepUp } = await setup();
    const first = await farcaster().newFid();
    const second = await farcaster().newFid();
    await stepUp('link');
    expect((await app.link(token, await approve(app, await app.init(), first))).status).toBe(200);
    await stepUp('link');
    const body = await approve(app, await app.init(), second);
    await expectRefusedUnchanged(server(), () => app.link(token, body), 409, 'cannot_link_more_of_type', {
      ignore: ['short_lived', 'durable_counters'],
    });
    // `second` logs in as a user of its own; then another user tries to link it.
    const owner = (await (
      await app.authenticate(await approve(app, await app.init(), second))
    ).json()) as TokenResponse;
    expect(account(owner.user)).toMatchObject({ fid: second.fid });
    const otherToken = (await app.signIn()).token as string;
    await stepUpForTest(server(), { ...app, token: otherToken }, 'link');
    const taken = await approve(app, await app.init(), second);
    await expectRefusedUnchanged(server(), () => app.link(otherToken, taken), 409, 'linked_to_another_user', {
      ignore: ['short_lived', 'durable_counters'],
    });
  });

  it('refuses to link without a step-up (a stolen access token adds no login method)', async () => {
    const { app, token } = await setup();
    const who = await farcaster().newFid();
    const body = await approve(app, await app.init(), who);
    await expectRefusedUnchanged(server(), () => app.link(token, body), 401, 'step_up_required');
  });
});
