import { randomBytes } from 'node:crypto';
import { DEV_API, PASSWORDLESS_API } from '@latch/protocol';
import { CUSTODY_LIMIT, WALLET_API } from '@latch/protocol/schemas';
import { expect, it } from 'vitest';
import type { OutboxMessage } from '../../kernel/ports.js';
import { forEachBackend } from '../../test/harness.js';
import { passwordlessTestClient } from '../passwordless/testing/passwordlessTestClient.js';
import { registeredFrame } from './testing/testFrame.js';

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

forEachBackend('wallet export step-up (#17)', (server) => {
  let app: { appId: string; clientId: string } | undefined;
  async function theApp() {
    app ??= await server().createApp({ name: 'Acme', config: { email_auth: true, sms_auth: true } });
    return app;
  }
  const outbox = async (): Promise<OutboxMessage[]> => (await server().call('GET', DEV_API.outbox)).json();
  const newest = async (to: string) => (await outbox()).find((m) => m.recipient === to);

  async function walletOwner(account: Parameters<typeof registeredFrame>[2]) {
    const frame = await registeredFrame(server(), await theApp(), account);
    const { res, input } = await frame.createWallet();
    expect(res.status).toBe(200);
    return { frame, input };
  }

  it('sends a code to the verified email, releases the device share only for that code, and tells the user', async () => {
    const address = `export-${randomBytes(3).toString('hex')}@example.com`;
    const { frame, input } = await walletOwner({ type: 'email', address });

    // Without a code: nothing.
    const noCode = await frame.call('POST', WALLET_API.exportAuthenticate, { code: '000000' });
    expect(noCode.status).toBe(401);
    expect((await noCode.json()).error).toBe('step_up_required');

    const init = await frame.call('POST', WALLET_API.exportInit);
    expect(init.status).toBe(200);
    expect(await init.json()).toEqual({ channel: 'email', destination: 'e•••@example.com' });
    const sent = await newest(address);
    expect(sent?.code).toMatch(/^\d{6}$/);
    expect(sent?.subject).toContain('export');
    const code = sent?.code as string;

    // A login code is not an export code (own namespace), and a wrong code releases nothing.
    const bad = await frame.call('POST', WALLET_API.exportAuthenticate, { code: wrong(code) });
    expect(bad.status).toBe(401);
    expect(JSON.stringify(await bad.json())).not.toContain(input.auth_share);
    const { appId, clientId } = await theApp();
    const passwordless = passwordlessTestClient(server(), appId, clientId);
    expect((await passwordless.post(PASSWORDLESS_API.emailInit, { email: address })).status).toBe(200);
    const loginCode = await passwordless.latestCode(address);
    if (loginCode !== code) {
      expect((await frame.call('POST', WALLET_API.exportAuthenticate, { code: loginCode })).status).toBe(401);
    }

    const ok = await frame.call('POST', WALLET_API.exportAuthenticate, { code });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ share_set_id: input.share_set_id, auth_share: input.auth_share });
    expect(await newest(address)).toMatchObject({ code: '', subject: 'Your wallet key was exported' });
    // The dev outbox page lists notices too (without an empty code line).
    const page = await (await server().call('GET', '/dev/outbox')).text();
    expect(page).toContain('Your wallet key was exported');
    expect(page.split('Your wallet key was exported</p>')[0]?.split('<article>').at(-1)).not.toContain('Code:');
    // The login code still logs in: the export did not consume it.
    expect(
      (await passwordless.post(PASSWORDLESS_API.emailAuthenticate, { email: address, code: loginCode })).status,
    ).toBe(200);

    // Single use.
    const reused = await frame.call('POST', WALLET_API.exportAuthenticate, { code });
    expect(reused.status).toBe(401);
  });

  it('kills a code after 5 wrong tries and limits sends per hour', async () => {
    const address = `export-limit-${randomBytes(3).toString('hex')}@example.com`;
    const { frame } = await walletOwner({ type: 'email', address });
    expect((await frame.call('POST', WALLET_API.exportInit)).status).toBe(200);
    const code = (await newest(address))?.code as string;
    for (let i = 0; i < 5; i++) {
      expect((await frame.call('POST', WALLET_API.exportAuthenticate, { code: wrong(code) })).status).toBe(401);
    }
    const tooLate = await frame.call('POST', WALLET_API.exportAuthenticate, { code });
    expect(tooLate.status).toBe(401);
    expect((await tooLate.json()).error).toBe('step_up_required');

    for (let i = 1; i < CUSTODY_LIMIT.exportCodesPerHour; i++) {
      expect((await frame.call('POST', WALLET_API.exportInit)).status).toBe(200);
    }
    const limited = await frame.call('POST', WALLET_API.exportInit);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('uses the phone when there is no email, and asks a user with neither for a step-up', async () => {
    const phone = `+1415555${String(1000 + (randomBytes(2).readUInt16BE() % 9000))}`;
    const { frame } = await walletOwner({ type: 'phone', phone_number: phone });
    const init = await frame.call('POST', WALLET_API.exportInit);
    expect(await init.json()).toEqual({ channel: 'sms', destination: `•••••••${phone.slice(-4)}` });
    const code = (await newest(phone))?.code as string;
    expect((await frame.call('POST', WALLET_API.exportAuthenticate, { code })).status).toBe(200);
    expect((await newest(phone))?.text).toContain('Your wallet key was exported');

    const { frame: walletOnly } = await walletOwner({
      type: 'custom_auth',
      custom_user_id: `custom-${randomBytes(3).toString('hex')}`,
    });
    // No email or phone to send a code to, and no step-up: the user must step up with another factor (stepUp/).
    const none = await walletOnly.call('POST', WALLET_API.exportInit);
    expect(none.status).toBe(401);
    expect((await none.json()).error).toBe('step_up_required');
  });
});
