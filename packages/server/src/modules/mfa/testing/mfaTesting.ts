import { randomBytes } from 'node:crypto';
import type { WireMfaEnrollment, WireMfaState, WireTotpEnrollmentInfo } from '@latch/protocol';
import { MFA_API, MFA_LIMIT } from '@latch/protocol/mfa';
import { Secret, TOTP } from 'otpauth';
import { stepUpForTest } from '../../../identity/stepUp/testing/stepUpForTest.js';
import type { AccountInput } from '../../../identity/users/accounts.js';
import type { TestServer } from '../../../test/harness.js';
import { registeredFrame, type TestFrame } from '../../wallets/testing/testFrame.js';

/** The user id (`sub` without `did:latch:`) of an access token. */
export function userIdOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string };
  return payload.sub.replace(/^did:latch:/, '');
}

/** The TOTP code of `secret` at the server's clock, `steps` time steps away (an authenticator app's view). */
export function totpCode(server: TestServer, secret: string, steps = 0): string {
  const timestamp = server.clock.now().getTime() + steps * MFA_LIMIT.totpPeriodSeconds * 1000;
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });
}

/** A 6-digit code that is none of the codes of the window around now (a wrong code for sure). */
export function wrongTotpCode(server: TestServer, secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2].map((s) => totpCode(server, secret, s)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}

/** A signed-in user with a registered frame (device key), its owner and its wallet (created by the frame). */
export async function mfaUser(server: TestServer, app: { appId: string; clientId: string }, account: AccountInput) {
  const frame = await registeredFrame(server, app, account);
  const owner = { appId: app.appId, userId: userIdOf(frame.user.token) };
  return { frame, owner };
}

/** An email user of `app` (a fresh address from `name`) whose frame has created an embedded wallet. */
export async function mfaWalletUser(server: TestServer, app: { appId: string; clientId: string }, name: string) {
  const address = `${name}-${randomBytes(4).toString('hex')}@example.com`;
  const user = await mfaUser(server, app, { type: 'email', address });
  const { res, input, wallet } = await user.frame.createWallet();
  if (res.status !== 200) throw new Error(`wallet creation answered ${res.status}: ${await res.text()}`);
  return { ...user, input, wallet };
}

/** A `manage_mfa` step-up for the frame's session, with the user's email or phone (stepUp/testing). */
export async function stepUpToManageMfa(server: TestServer, frame: TestFrame): Promise<void> {
  await stepUpForTest(server, frame.user, 'manage_mfa');
}

/**
 * Enrols the authenticator app through the frame routes, after the `manage_mfa` step-up every MFA change
 * needs; returns the secret (the clock then moves one step).
 */
export async function enrollTotp(server: TestServer, frame: TestFrame): Promise<string> {
  await stepUpToManageMfa(server, frame);
  const init = await frame.call('POST', MFA_API.totpInitEnrollment, {});
  if (init.status !== 200) throw new Error(`totp init answered ${init.status}: ${await init.text()}`);
  const { secret } = (await init.json()) as WireTotpEnrollmentInfo;
  const res = await frame.call('POST', MFA_API.totpEnroll, { mfa_code: totpCode(server, secret) });
  if (res.status !== 200) throw new Error(`totp enroll answered ${res.status}: ${await res.text()}`);
  // The enrolment code's step is spent: the next code must come from a later step.
  server.clock.advance(MFA_LIMIT.totpPeriodSeconds * 1000);
  return secret;
}

/** POST MFA_API.verify with a TOTP code for `action`; the answer. */
export function verifyTotp(frame: TestFrame, code: string, action: string): Promise<Response> {
  return frame.call('POST', MFA_API.verify, { method: 'totp', mfa_code: code, action });
}

/** The state of a WireMfaState answer (a first enrolment's recovery codes aside: recoveryCodes tests read them). */
export async function stateOf(res: Response): Promise<WireMfaState> {
  const { recovery_codes: _codes, ...state } = (await res.json()) as WireMfaEnrollment;
  return state;
}
