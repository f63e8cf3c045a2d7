import { randomBytes } from 'node:crypto';
import { DEV_API, PASSWORDLESS_API } from '@latch/protocol';
import { WALLET_API } from '@latch/protocol/schemas';
import { expect, it } from 'vitest';
import type { OutboxMessage } from '../../kernel/ports.js';
import { passwordlessTestClient, uniqueEmail } from '../../modules/passwordless/testing/passwordlessTestClient.js';
import { registeredFrame } from '../../modules/wallets/testing/testFrame.js';
import { forEachBackend } from '../../test/harness.js';
import { stepUpForTest } from './testing/stepUpForTest.js';

// The export with a step-up (issue #24): an `export` record releases this device's share at export/init
// with no code; without one, the export code goes only to an email or phone the user had before this
// session, never to one added in it.

forEachBackend('export after a step-up', (server) => {
  let app: { appId: string; clientId: string } | undefined;
  const theApp = async () => {
    app ??= await server().createApp({ name: 'Acme', config: { email_auth: true, sms_auth: true } });
    return app;
  };
  const outbox = async (): Promise<OutboxMessage[]> => (await server().call('GET', DEV_API.outbox)).json();

  it('releases the share at export/init with an export record (no code), tells the user, once', async () => {
    const email = uniqueEmail('exporter');
    const frame = await registeredFrame(server(), await theApp(), { type: 'email', address: email });
    const { res, input } = await frame.createWallet();
    expect(res.status).toBe(200);
    // A record for another action does not export.
    await stepUpForTest(server(), frame.user, 'link');
    await stepUpForTest(server(), frame.user, 'export');
    const sent = (await outbox()).length;
    const released = await frame.call('POST', WALLET_API.exportInit);
    expect(released.status).toBe(200);
    expect(await released.json()).toEqual({
      channel: 'step_up',
      share_set_id: input.share_set_id,
      auth_share: input.auth_share,
    });
    const after = await outbox();
    expect(after.length).toBe(sent + 1);
    expect(after[0]).toMatchObject({ recipient: email, code: '', subject: 'Your wallet key was exported' });
    // Single use: the next init falls back to the code.
    const next = await frame.call('POST', WALLET_API.exportInit);
    expect(await next.json()).toEqual({ channel: 'email', destination: 'e•••@example.com' });
  });

  it('sends the export code only to an address the user had before this session', async () => {
    const phone = `+1415555${String(1000 + (randomBytes(2).readUInt16BE() % 9000))}`;
    const appIds = await theApp();
    const frame = await registeredFrame(server(), appIds, { type: 'phone', phone_number: phone });
    expect((await frame.createWallet()).res.status).toBe(200);
    server().clock.advance(1_000);
    // An email added in this session (after a step-up with the phone) would be preferred as the channel…
    await stepUpForTest(server(), frame.user, 'link');
    const codes = passwordlessTestClient(server(), appIds.appId, appIds.clientId);
    const added = uniqueEmail('added');
    await codes.post(PASSWORDLESS_API.emailInit, { email: added, purpose: 'link' }, { token: frame.user.token });
    const link = { email: added, code: await codes.latestCode(added) };
    expect((await codes.post(PASSWORDLESS_API.emailLink, link, { token: frame.user.token })).status).toBe(200);
    // …but the export code goes to the phone the session began with.
    const init = await frame.call('POST', WALLET_API.exportInit);
    expect(await init.json()).toEqual({ channel: 'sms', destination: `•••••••${phone.slice(-4)}` });
    expect(
      (await outbox()).find((m) => m.recipient === added && String(m.subject ?? '').includes('export')),
    ).toBeUndefined();
  });
});
