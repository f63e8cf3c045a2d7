import { randomBytes } from 'node:crypto';
import { DEV_API, IDENTITY_API, PASSWORDLESS_API } from '@latch/protocol';
import { MFA_API, MFA_LIMIT } from '@latch/protocol/mfa';
import { WALLET_API } from '@latch/protocol/schemas';
import { expect, it } from 'vitest';
import { captureLogs } from '../../kernel/delivery/testing/captureLogs.js';
import type { OutboxMessage } from '../../kernel/ports.js';
import { forEachBackend, type TestServer, widgetHeaders } from '../../test/harness.js';
import type { TestFrame } from '../wallets/testing/testFrame.js';
import { mfaUser, stateOf, stepUpToManageMfa } from './testing/mfaTesting.js';

const unique = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;
/** A fresh US number of the 555-01xx range (fixed line or mobile, as SMS codes accept). */
let nextPhone = 100;
const phone = () => `+1415555${String(nextPhone++ % 10_000).padStart(4, '0')}`;
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const captures: ReturnType<typeof captureLogs>[] = [];

forEachBackend(
  'MFA: SMS (#13)',
  (server) => {
    let app: { appId: string; clientId: string } | undefined;
    const theApp = async () => {
      app ??= await server().createApp({
        name: 'Acme',
        config: { email_auth: true, sms_auth: true, mfa_methods: ['sms', 'totp'] },
      });
      return app;
    };
    const outbox = async (s: TestServer): Promise<OutboxMessage[]> => (await s.call('GET', DEV_API.outbox)).json();
    const newest = async (s: TestServer, to: string) => (await outbox(s)).find((m) => m.recipient === to);
    /** POST MFA_API.smsInit as the host page does: bearer only, no device proof. */
    const smsInit = (s: TestServer, frame: TestFrame, body: unknown) =>
      s.call('POST', MFA_API.smsInit, {
        body,
        headers: widgetHeaders(frame.user.appId, frame.user.clientId, frame.user.token),
      });
    const error = async (res: Response) => ((await res.json()) as { error: string }).error;

    async function enrolled(s: TestServer) {
      const user = await mfaUser(s, await theApp(), { type: 'email', address: unique('sms') });
      const number = phone();
      expect((await smsInit(s, user.frame, { action: 'enroll', phone_number: number })).status).toBe(200);
      const sent = await newest(s, number);
      expect(sent?.text).toContain('set up SMS verification at Acme');
      await stepUpToManageMfa(s, user.frame);
      const res = await user.frame.call('POST', MFA_API.smsEnroll, { phone_number: number, mfa_code: sent?.code });
      expect(res.status).toBe(200);
      expect(await stateOf(res)).toEqual({
        mfa_methods: ['sms'],
        required_actions: ['export', 'recovery', 'set_password', 'manage_mfa'],
      });
      return { ...user, number };
    }

    it('enrols a phone with a code sent to it, then verifies with a code sent to it (dev outbox)', async () => {
      const s = server();
      const user = await mfaUser(s, await theApp(), { type: 'email', address: unique('sms-enrol') });
      // No phone enrolled yet: nothing to send to.
      const none = await smsInit(s, user.frame, { action: 'verify' });
      expect(none.status).toBe(400);
      const number = phone();
      await stepUpToManageMfa(s, user.frame);
      expect((await smsInit(s, user.frame, { action: 'enroll', phone_number: number })).status).toBe(200);
      const code = (await newest(s, number))?.code as string;
      // A wrong code and the right code for another number do not enrol.
      expect(
        (await user.frame.call('POST', MFA_API.smsEnroll, { phone_number: number, mfa_code: wrong(code) })).status,
      ).toBe(401);
      expect((await user.frame.call('POST', MFA_API.smsEnroll, { phone_number: phone(), mfa_code: code })).status).toBe(
        401,
      );
      const ok = await user.frame.call('POST', MFA_API.smsEnroll, { phone_number: number, mfa_code: code });
      expect(ok.status).toBe(200);
      const { frame } = user;
      await frame.createWallet();

      expect((await smsInit(s, frame, { action: 'verify' })).status).toBe(200);
      const sent = await newest(s, number);
      expect(sent?.text).toContain('verify your identity at Acme');
      const verified = await frame.call('POST', MFA_API.verify, {
        method: 'sms',
        mfa_code: sent?.code,
        action: 'export',
      });
      expect(verified.status).toBe(200);
      expect((await frame.call('POST', WALLET_API.exportInit)).status).toBe(200);
      // The code was single use.
      const again = await frame.call('POST', MFA_API.verify, { method: 'sms', mfa_code: sent?.code, action: 'export' });
      expect(await error(again)).toBe('missing_or_invalid_mfa');
      // The user lists the method.
      const me = await s.call('GET', IDENTITY_API.me, {
        headers: widgetHeaders(frame.user.appId, frame.user.clientId, frame.user.token),
      });
      expect((await me.json()).user.mfa_methods).toEqual([{ type: 'sms', verified_at: expect.any(Number) }]);
    });

    it('an expired SMS code answers mfa_timeout', async () => {
      const s = server();
      const { frame } = await enrolled(s);
      expect((await smsInit(s, frame, { action: 'verify' })).status).toBe(200);
      const code = (await outbox(s))[0]?.code as string;
      s.clock.advance(MFA_LIMIT.smsCodeTtlMs + 1_000);
      frame.forgetNonce();
      const late = await frame.call('POST', MFA_API.verify, { method: 'sms', mfa_code: code, action: 'export' });
      expect(late.status).toBe(408);
      expect(await error(late)).toBe('mfa_timeout');
    });

    it('a login code never verifies MFA, and an MFA code never logs in', async () => {
      const s = server();
      const { frame, number, owner } = await enrolled(s);
      const { appId, clientId } = await theApp();
      // A login code to the same number (someone trying to log in with it: a different user would be made).
      const headers = widgetHeaders(appId, clientId);
      expect((await s.call('POST', PASSWORDLESS_API.smsInit, { body: { phoneNumber: number }, headers })).status).toBe(
        200,
      );
      const loginCode = (await newest(s, number))?.code as string;
      expect((await smsInit(s, frame, { action: 'verify' })).status).toBe(200);
      const mfaCode = (await newest(s, number))?.code as string;
      if (loginCode !== mfaCode) {
        const res = await frame.call('POST', MFA_API.verify, { method: 'sms', mfa_code: loginCode, action: 'export' });
        expect(await error(res)).toBe('missing_or_invalid_mfa');
        const login = await s.call('POST', PASSWORDLESS_API.smsAuthenticate, {
          body: { phoneNumber: number, code: mfaCode },
          headers,
        });
        expect(login.status).toBe(422);
      }
      expect((await s.ctx.mfaFactors.get(owner)).sms?.phone).toBe(number);
    });

    it("SMS MFA is 'Disabled' for a user who logs in by SMS", async () => {
      const s = server();
      const { frame } = await mfaUser(s, await theApp(), { type: 'phone', phone_number: phone() });
      const init = await smsInit(s, frame, { action: 'enroll', phone_number: phone() });
      expect(init.status).toBe(400);
      expect((await init.json()).message).toContain('SMS verification is disabled');
      const enrol = await frame.call('POST', MFA_API.smsEnroll, { phone_number: phone(), mfa_code: '123456' });
      expect(enrol.status).toBe(400);
    });

    it('writes no MFA code (sent, right or wrong) to the logs', async () => {
      const s = server();
      const { frame } = await enrolled(s);
      expect((await smsInit(s, frame, { action: 'verify' })).status).toBe(200);
      const code = (await outbox(s))[0]?.code as string;
      await frame.call('POST', MFA_API.verify, { method: 'sms', mfa_code: wrong(code), action: 'export' });
      expect(
        (await frame.call('POST', MFA_API.verify, { method: 'sms', mfa_code: code, action: 'export' })).status,
      ).toBe(200);
      const text = captures.at(-1)?.lines.join('') ?? '';
      expect(text).toContain(MFA_API.verify);
      // As a number of its own (a timestamp's digits may contain any 6 digits by chance).
      for (const sent of await outbox(s))
        if (sent.code) expect(text).not.toMatch(new RegExp(`(?<!\\d)${sent.code}(?!\\d)`));
    });
  },
  {
    overrides: () => {
      const capture = captureLogs('trace');
      captures.push(capture);
      return { logger: capture.logger };
    },
  },
);
