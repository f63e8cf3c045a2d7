import { randomBytes, randomUUID } from 'node:crypto';
import { DEV_API, IDENTITY_API } from '@latch/protocol';
import { MFA_API, MFA_LIMIT } from '@latch/protocol/mfa';
import { WALLET_API } from '@latch/protocol/schemas';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { parseCommand, runCommand } from '../../admin/commands.js';
import { captureLogs } from '../../kernel/delivery/testing/captureLogs.js';
import { forEachBackend, type TestServer, widgetHeaders } from '../../test/harness.js';
import { TestFrame } from '../wallets/testing/testFrame.js';
import {
  enrollTotp,
  mfaUser,
  mfaWalletUser,
  stateOf,
  stepUpToManageMfa,
  totpCode,
  verifyTotp,
  wrongTotpCode,
} from './testing/mfaTesting.js';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const captures: ReturnType<typeof captureLogs>[] = [];
const unique = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;

forEachBackend(
  'MFA: authenticator app, verification records and gates (#13)',
  (server) => {
    let app: { appId: string; clientId: string } | undefined;
    const theApp = async () => {
      app ??= await server().createApp({ name: 'Acme', config: { email_auth: true, mfa_methods: ['totp', 'sms'] } });
      return app;
    };
    const walletUser = async (name: string) => mfaWalletUser(server(), await theApp(), name);
    const error = async (res: Response) => ((await res.json()) as { error: string; message?: string }).error;

    it('enrols TOTP (sealed at rest, never logged), then export/init needs a verification, which opens it once', async () => {
      const s = server();
      const { frame, owner } = await walletUser('totp');
      // Without a method nothing is required: the export sends its code.
      const none = (await (await frame.call('GET', WALLET_API.wallet)).json()) as { mfa: unknown };
      expect(none.mfa).toEqual({ mfa_methods: [], required_actions: [] });
      // Every MFA change needs a step-up with a factor from before this session (stepUp/).
      expect(await error(await frame.call('POST', MFA_API.totpInitEnrollment, {}))).toBe('step_up_required');
      await stepUpToManageMfa(s, frame);
      const init = await frame.call('POST', MFA_API.totpInitEnrollment, {});
      expect(init.status).toBe(200);
      const info = (await init.json()) as { auth_url: string; secret: string };
      expect(info.secret).toMatch(/^[A-Z2-7]{32}$/);
      const url = new URL(info.auth_url);
      expect(url.protocol).toBe('otpauth:');
      expect(url.searchParams.get('issuer')).toBe('Acme');
      expect(url.searchParams.get('algorithm')).toBe('SHA1');
      expect(url.searchParams.get('digits')).toBe('6');
      expect(url.searchParams.get('period')).toBe('30');
      expect(decodeURIComponent(url.pathname)).toContain('@example.com');

      // A wrong code does not enrol.
      const wrong = await frame.call('POST', MFA_API.totpEnroll, { mfa_code: wrongTotpCode(s, info.secret) });
      expect(wrong.status).toBe(401);
      expect(await error(wrong)).toBe('missing_or_invalid_mfa');
      const enrolled = await frame.call('POST', MFA_API.totpEnroll, { mfa_code: totpCode(s, info.secret) });
      expect(enrolled.status).toBe(200);
      expect(await stateOf(enrolled)).toEqual({
        mfa_methods: ['totp'],
        required_actions: ['export', 'recovery', 'set_password', 'manage_mfa'],
      });

      // The secret is stored sealed (key id inside), nowhere in clear, and in no log line.
      const rows = await sql<Record<string, unknown>>`select * from user_mfa where user_id = ${owner.userId}`.execute(
        s.db,
      );
      const row = JSON.stringify(rows.rows);
      expect(row).not.toContain(info.secret);
      expect(String(rows.rows[0]?.totp_secret_sealed)).toMatch(/^v1\.[^.]+\./);
      const shortLived = await sql<{ value: string }>`select value from short_lived`
        .execute(s.db)
        .catch(() => ({ rows: [] }));
      expect(JSON.stringify(shortLived.rows)).not.toContain(info.secret);
      expect(captures.at(-1)?.lines.join('')).not.toContain(info.secret);

      // The wallet GET and the user both show the method.
      const wallet = (await (await frame.call('GET', WALLET_API.wallet)).json()) as { mfa: unknown };
      expect(wallet.mfa).toEqual({ mfa_methods: ['totp'], required_actions: expect.arrayContaining(['export']) });
      const me = await s.call('GET', IDENTITY_API.me, {
        headers: widgetHeaders(owner.appId, frame.user.clientId, frame.user.token),
      });
      expect((await me.json()).user.mfa_methods).toEqual([{ type: 'totp', verified_at: expect.any(Number) }]);

      // The gate: no verification → 401 and no code sent.
      const before = (await (await s.call('GET', DEV_API.outbox)).json()).length;
      const refused = await frame.call('POST', WALLET_API.exportInit);
      expect(refused.status).toBe(401);
      expect(await error(refused)).toBe('missing_or_invalid_mfa');
      expect((await (await s.call('GET', DEV_API.outbox)).json()).length).toBe(before);

      s.clock.advance(MFA_LIMIT.totpPeriodSeconds * 1000);
      const verified = await verifyTotp(frame, totpCode(s, info.secret), 'export');
      expect(verified.status).toBe(200);
      expect((await frame.call('POST', WALLET_API.exportInit)).status).toBe(200);
      // Single use: the second export needs a new verification.
      expect((await frame.call('POST', WALLET_API.exportInit)).status).toBe(401);
    });

    it('a verification opens only its own action, session and device', async () => {
      const s = server();
      const { frame, owner } = await walletUser('binding');
      const secret = await enrollTotp(s, frame);
      // Another action.
      expect((await verifyTotp(frame, totpCode(s, secret), 'recovery')).status).toBe(200);
      expect((await frame.call('POST', WALLET_API.exportInit)).status).toBe(401);
      // Another device of the same session (the thief's key with the token): not registered, nothing.
      const thief = await TestFrame.create(s, frame.user);
      expect((await thief.call('POST', WALLET_API.recovery)).status).toBe(403);
      // Another session of the same user on its own device: the record is not theirs.
      const other = await mfaUser(s, await theApp(), { type: 'email', address: await emailOf(s, owner.userId) });
      const otherRecovery = await other.frame.call('POST', WALLET_API.recovery);
      expect(otherRecovery.status).toBe(401);
      expect(await error(otherRecovery)).toBe('missing_or_invalid_mfa');
      // Its own session and device: opens, once.
      expect((await frame.call('POST', WALLET_API.recovery)).status).toBe(200);
      expect((await frame.call('POST', WALLET_API.recovery)).status).toBe(401);
    });

    it('recovery/replace (set password) is refused without a verification and nothing changes; allowed with one', async () => {
      const s = server();
      const { frame, input, wallet } = await walletUser('replace');
      const secret = await enrollTotp(s, frame);
      const replace = async () => {
        const setId = randomUUID();
        return frame.call('POST', WALLET_API.replaceRecovery, {
          share_set_id: setId,
          auth_share: b64(randomBytes(69)),
          recovery: {
            method: 'user-passcode',
            sealed_share: b64(randomBytes(97)),
            salt: b64(randomBytes(16)),
            verifier: b64(randomBytes(32)),
          },
          wallet_signature: await frame.walletSignature(wallet, 'replace-recovery', input.wallet_id, setId),
        });
      };
      const refused = await replace();
      expect(refused.status).toBe(401);
      expect(await error(refused)).toBe('missing_or_invalid_mfa');
      const walletRow = await sql<{
        recovery_method: string;
      }>`select recovery_method from embedded_wallets where id = ${input.wallet_id}`.execute(s.db);
      expect(walletRow.rows[0]?.recovery_method).toBe('latch');
      expect((await verifyTotp(frame, totpCode(s, secret), 'set_password')).status).toBe(200);
      expect((await replace()).status).toBe(200);
    });

    it('adding or removing a method needs a manage_mfa verification once one exists; the operator reset removes all', async () => {
      const s = server();
      const { frame, owner } = await walletUser('manage');
      const secret = await enrollTotp(s, frame);
      // Replacing the authenticator app: a step-up is not enough, init and enroll are refused without a verification.
      expect(await error(await frame.call('POST', MFA_API.totpInitEnrollment, {}))).toBe('step_up_required');
      await stepUpToManageMfa(s, frame);
      expect(await error(await frame.call('POST', MFA_API.totpInitEnrollment, {}))).toBe('missing_or_invalid_mfa');
      const refused = await frame.call('POST', MFA_API.unenroll, { method: 'totp' });
      expect(refused.status).toBe(401);
      expect((await s.ctx.mfaFactors.get(owner)).totp).not.toBeNull();
      // Removing a method the user does not have is bad input (and spends nothing).
      expect((await frame.call('POST', MFA_API.unenroll, { method: 'sms' })).status).toBe(400);
      expect((await verifyTotp(frame, totpCode(s, secret), 'manage_mfa')).status).toBe(200);
      const removed = await frame.call('POST', MFA_API.unenroll, { method: 'totp' });
      expect(removed.status).toBe(200);
      expect(await stateOf(removed)).toEqual({ mfa_methods: [], required_actions: [] });

      // The CLI reset (the operator's recovery for a user who lost every factor).
      await enrollTotp(s, frame);
      const printed: unknown[] = [];
      const code = await runCommand(
        s.ctx,
        parseCommand(['users', 'reset-mfa', owner.appId, '--user', `did:latch:${owner.userId}`]),
        (v) => printed.push(v),
      );
      expect(code).toBe(0);
      expect(printed).toEqual([
        { app_id: owner.appId, user_id: owner.userId, removed: ['totp'], unflagged_passkeys: [] },
      ]);
      expect((await s.ctx.mfaFactors.get(owner)).totp).toBeNull();
      await expect(
        runCommand(s.ctx, parseCommand(['users', 'reset-mfa', owner.appId, '--user', 'nobody']), () => {}),
      ).rejects.toThrow(/No user/);
      await expect(runCommand(s.ctx, parseCommand(['users', 'reset-mfa', owner.appId]), () => {})).rejects.toThrow(
        /--user/,
      );
    });

    it('an app that requires MFA: a user without a method must enrol (no verification needed) before exporting', async () => {
      const s = server();
      const strict = await s.createApp({
        name: 'Strict',
        config: { email_auth: true, mfa_methods: ['totp'], mfa_required: true, mfa_protects_signing: true },
      });
      const { frame } = await mfaUser(s, strict, { type: 'email', address: unique('required') });
      expect((await frame.createWallet()).res.status).toBe(200);
      const state = ((await (await frame.call('GET', WALLET_API.wallet)).json()) as { mfa: unknown }).mfa;
      expect(state).toEqual({
        mfa_methods: [],
        required_actions: ['export', 'recovery', 'set_password', 'sign', 'send'],
      });
      expect(await error(await frame.call('POST', WALLET_API.exportInit))).toBe('missing_or_invalid_mfa');
      // The first enrolment needs no verification; then the export opens with one.
      const secret = await enrollTotp(s, frame);
      expect((await verifyTotp(frame, totpCode(s, secret), 'export')).status).toBe(200);
      expect((await frame.call('POST', WALLET_API.exportInit)).status).toBe(200);
    });

    it("refuses a method the app does not offer ('Unsupported MFA method')", async () => {
      const s = server();
      const only = await s.createApp({ name: 'Totp only', config: { email_auth: true, mfa_methods: ['sms'] } });
      const { frame } = await mfaUser(s, only, { type: 'email', address: unique('unsupported') });
      const res = await frame.call('POST', MFA_API.totpInitEnrollment, {});
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe('Unsupported MFA method');
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

/** The email of a user (to log the same user in again, as another session). */
async function emailOf(s: TestServer, userId: string): Promise<string> {
  const row = await sql<{
    account_key: string;
  }>`select account_key from linked_accounts where user_id = ${userId} and type = 'email'`.execute(s.db);
  return row.rows[0]?.account_key as string;
}
