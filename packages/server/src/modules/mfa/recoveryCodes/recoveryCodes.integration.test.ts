import { randomBytes } from 'node:crypto';
import type { WireMfaEnrollment, WireTotpEnrollmentInfo } from '@latch/protocol';
import { MFA_API, MFA_LIMIT } from '@latch/protocol/mfa';
import { WALLET_API } from '@latch/protocol/schemas';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { forEachBackend, type TestServer, widgetHeaders } from '../../../test/harness.js';
import type { TestFrame } from '../../wallets/testing/testFrame.js';
import { mfaUser, stepUpToManageMfa, totpCode, verifyTotp } from '../testing/mfaTesting.js';

const unique = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;
const CODE = /^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/;

/** Enrols the authenticator app after the `manage_mfa` step-up; the answer and the secret (the clock then moves one step). */
async function enrolTotp(s: TestServer, frame: TestFrame) {
  await stepUpToManageMfa(s, frame);
  const init = (await (await frame.call('POST', MFA_API.totpInitEnrollment, {})).json()) as WireTotpEnrollmentInfo;
  const res = await frame.call('POST', MFA_API.totpEnroll, { mfa_code: totpCode(s, init.secret) });
  expect(res.status).toBe(200);
  s.clock.advance(MFA_LIMIT.totpPeriodSeconds * 1000);
  return { answer: (await res.json()) as WireMfaEnrollment, secret: init.secret };
}

const verifyWithCode = (frame: TestFrame, code: string, action = 'export') =>
  frame.call('POST', MFA_API.verify, { method: 'recovery_code', recovery_code: code, action });

forEachBackend('MFA recovery codes (MFA-06)', (server) => {
  let app: { appId: string; clientId: string } | undefined;
  const theApp = async () => {
    app ??= await server().createApp({ name: 'Acme', config: { email_auth: true, mfa_methods: ['totp', 'sms'] } });
    return app;
  };
  const user = async (name: string) => {
    const u = await mfaUser(server(), await theApp(), { type: 'email', address: unique(name) });
    expect((await u.frame.createWallet()).res.status).toBe(200);
    return u;
  };
  const left = async (frame: TestFrame) => {
    const res = await server().call('GET', MFA_API.recoveryCodes, {
      headers: widgetHeaders(frame.user.appId, frame.user.clientId, frame.user.token),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { remaining: number }).remaining;
  };
  const error = async (res: Response) => ((await res.json()) as { error: string }).error;

  it('the first enrolment answers 10 fresh codes, shown once and stored only as hashes', async () => {
    const { frame, owner } = await user('first');
    expect(await left(frame)).toBe(0);
    const { answer } = await enrolTotp(server(), frame);
    const codes = answer.recovery_codes!;
    expect(codes).toHaveLength(MFA_LIMIT.recoveryCodes);
    for (const code of codes) expect(code).toMatch(CODE);
    expect(new Set(codes).size).toBe(codes.length);
    expect(await left(frame)).toBe(MFA_LIMIT.recoveryCodes);
    const rows = await sql<
      Record<string, unknown>
    >`select * from mfa_recovery_codes where user_id = ${owner.userId}`.execute(server().db);
    const stored = JSON.stringify(rows.rows);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replaceAll('-', ''));
    }
    // The wallet's state never carries them again.
    expect(JSON.stringify(await (await frame.call('GET', WALLET_API.wallet)).json())).not.toContain(codes[0]);
  });

  it('a code works in place of a TOTP code, once; its case, spaces and dashes do not matter', async () => {
    const { frame } = await user('use');
    const codes = (await enrolTotp(server(), frame)).answer.recovery_codes!;
    expect((await frame.call('POST', WALLET_API.exportInit)).status).toBe(401);
    const typed = ` ${codes[0]!.toUpperCase().replaceAll('-', ' ')} `;
    expect((await verifyWithCode(frame, typed)).status).toBe(200);
    expect((await frame.call('POST', WALLET_API.exportInit)).status).toBe(200);
    // Spent: the same code again is a wrong answer.
    const again = await verifyWithCode(frame, codes[0]!);
    expect(again.status).toBe(401);
    expect(await error(again)).toBe('missing_or_invalid_mfa');
    expect(await left(frame)).toBe(MFA_LIMIT.recoveryCodes - 1);
  });

  it("wrong codes count with the MFA attempts; another user's code is wrong; a lock spends no code", async () => {
    const { frame } = await user('guess');
    const victim = await user('victim');
    const victimCodes = (await enrolTotp(server(), victim.frame)).answer.recovery_codes!;
    const codes = (await enrolTotp(server(), frame)).answer.recovery_codes!;
    for (let i = 0; i < MFA_LIMIT.attemptsBeforeLock - 1; i++) {
      const wrong = await verifyWithCode(frame, victimCodes[i]!);
      expect(await error(wrong)).toBe('missing_or_invalid_mfa');
    }
    const locked = await verifyWithCode(frame, victimCodes[5]!);
    expect(await error(locked)).toBe('mfa_verification_max_attempts_reached');
    // While locked, even a right code is not tried (and so not spent).
    expect(await error(await verifyWithCode(frame, codes[0]!))).toBe('mfa_verification_max_attempts_reached');
    expect(await left(frame)).toBe(MFA_LIMIT.recoveryCodes);
    expect(await left(victim.frame)).toBe(MFA_LIMIT.recoveryCodes);
    server().clock.advance(MFA_LIMIT.lockMs);
    expect((await verifyWithCode(frame, codes[0]!)).status).toBe(200);
  });

  it('regenerating needs a manage_mfa verification and voids the old codes; a later method brings none', async () => {
    const { frame } = await user('regen');
    const { answer, secret } = await enrolTotp(server(), frame);
    const old = answer.recovery_codes!;
    // Stepped up (issue #24), so what refuses is the missing MFA verification.
    await stepUpToManageMfa(server(), frame);
    const refused = await frame.call('POST', MFA_API.recoveryCodes, {});
    expect(refused.status).toBe(401);
    expect(await error(refused)).toBe('missing_or_invalid_mfa');
    expect(await left(frame)).toBe(MFA_LIMIT.recoveryCodes);
    expect((await verifyTotp(frame, totpCode(server(), secret), 'manage_mfa')).status).toBe(200);
    const fresh = await frame.call('POST', MFA_API.recoveryCodes, {});
    expect(fresh.status).toBe(200);
    const codes = ((await fresh.json()) as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(MFA_LIMIT.recoveryCodes);
    expect(codes.some((code) => old.includes(code))).toBe(false);
    expect(await error(await verifyWithCode(frame, old[0]!))).toBe('missing_or_invalid_mfa');
    // A recovery code opens manage_mfa too (the lost-phone path): re-enrolling a method is no first enrolment.
    expect((await verifyWithCode(frame, codes[0]!, 'manage_mfa')).status).toBe(200);
    expect((await enrolTotp(server(), frame)).answer.recovery_codes).toBeUndefined();
    expect(await left(frame)).toBe(MFA_LIMIT.recoveryCodes - 1);
  });

  it('removing the last method deletes the codes; without a method a recovery code is refused', async () => {
    const { frame } = await user('remove');
    const { answer, secret } = await enrolTotp(server(), frame);
    expect((await verifyTotp(frame, totpCode(server(), secret), 'manage_mfa')).status).toBe(200);
    await stepUpToManageMfa(server(), frame);
    expect((await frame.call('POST', MFA_API.unenroll, { method: 'totp' })).status).toBe(200);
    expect(await left(frame)).toBe(0);
    const none = await verifyWithCode(frame, answer.recovery_codes![0]!);
    expect(none.status).toBe(400);
    expect(await error(none)).toBe('invalid_data');
    expect((await frame.call('POST', MFA_API.recoveryCodes, {})).status).toBe(400);
  });

  it('refuses a malformed recovery code with invalid_data and spends no attempt', async () => {
    const { frame } = await user('malformed');
    const codes = (await enrolTotp(server(), frame)).answer.recovery_codes!;
    for (const bad of ['', 'not_a_code!', 'x'.repeat(41), 12345]) {
      const res = await frame.call('POST', MFA_API.verify, {
        method: 'recovery_code',
        recovery_code: bad,
        action: 'export',
      });
      expect(res.status).toBe(400);
      expect(await error(res)).toBe('invalid_data');
    }
    expect((await verifyWithCode(frame, codes[1]!)).status).toBe(200);
  });

  it('refuses an app config that requires MFA with SMS as its only method (phishable, SIM-swappable)', async () => {
    await expect(
      server().ctx.apps.create({ config: { mfa_methods: ['sms'], mfa_required: true } }),
    ).rejects.toMatchObject({ code: 'invalid_data', message: expect.stringContaining('SIM swap') });
    const { appId } = await server().createApp({ config: { mfa_methods: ['sms', 'totp'], mfa_required: true } });
    await expect(server().ctx.apps.update(appId, { config: { mfa_methods: ['sms'] } })).rejects.toMatchObject({
      code: 'invalid_data',
    });
  });
});
