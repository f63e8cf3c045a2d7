import { MFA_API, MFA_LIMIT } from '@latch/protocol/mfa';
import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';
import { enrollTotp, mfaWalletUser, totpCode, verifyTotp, wrongTotpCode } from './testing/mfaTesting.js';

// The authenticator app's codes at the verify endpoint: replay, drift, SPEC §5 format, the lock after
// wrong codes in a row and the hourly cap.
forEachBackend('MFA: authenticator app codes, lock and hourly cap', (server) => {
  let app: { appId: string; clientId: string } | undefined;
  const theApp = async () => {
    app ??= await server().createApp({ name: 'Acme', config: { email_auth: true, mfa_methods: ['totp', 'sms'] } });
    return app;
  };
  const walletUser = async (name: string) => mfaWalletUser(server(), await theApp(), name);
  const error = async (res: Response) => ((await res.json()) as { error: string; message?: string }).error;

  it('refuses a replayed code, a code outside ±1 step, and SPEC §5 malformed codes', async () => {
    const s = server();
    const { frame } = await walletUser('replay');
    const secret = await enrollTotp(s, frame);
    const code = totpCode(s, secret);
    expect((await verifyTotp(frame, code, 'export')).status).toBe(200);
    const replay = await verifyTotp(frame, code, 'export');
    expect(replay.status).toBe(401);
    expect(await error(replay)).toBe('missing_or_invalid_mfa');
    // An earlier step than the last accepted one is a replay too.
    s.clock.advance(MFA_LIMIT.totpPeriodSeconds * 1000);
    expect((await verifyTotp(frame, totpCode(s, secret, -1), 'export')).status).toBe(401);
    // One step of drift is fine; two are not.
    expect((await verifyTotp(frame, totpCode(s, secret, 2), 'export')).status).toBe(401);
    expect((await verifyTotp(frame, totpCode(s, secret, 1), 'export')).status).toBe(200);
    // SPEC §5: 6 digits exactly, digits only (400 before any attempt is counted).
    const seven = await verifyTotp(frame, '1234567', 'export');
    expect(seven.status).toBe(400);
    expect((await seven.json()).message).toContain('Passcode must be exactly 6 numbers');
    const letters = await verifyTotp(frame, '12a456', 'export');
    expect(letters.status).toBe(400);
    expect((await letters.json()).message).toContain('Passcode can only be numbers');
    // A code sent as a number is refused without being quoted back (no code in an error message).
    const asNumber = Number(totpCode(s, secret, 1));
    const numeric = await frame.call('POST', MFA_API.verify, {
      method: 'totp',
      mfa_code: asNumber,
      action: 'export',
    });
    expect(numeric.status).toBe(400);
    const { message } = await numeric.json();
    expect(message).toContain('An SMS or TOTP code must be a string');
    expect(message).not.toContain(String(asNumber));
  });

  it('locks after the 4th wrong code in a row for 10 s (even the right code), and a right code resets the run', async () => {
    const s = server();
    const { frame } = await walletUser('lock');
    const secret = await enrollTotp(s, frame);
    const wrong = () => verifyTotp(frame, wrongTotpCode(s, secret), 'export');
    for (let i = 0; i < 3; i++) expect(await error(await wrong())).toBe('missing_or_invalid_mfa');
    // A right code resets the run: three more wrong ones are allowed.
    expect((await verifyTotp(frame, totpCode(s, secret), 'export')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect(await error(await wrong())).toBe('missing_or_invalid_mfa');
    const fourth = await wrong();
    expect(fourth.status).toBe(429);
    expect(await error(fourth)).toBe('mfa_verification_max_attempts_reached');
    // Locked: even the right code (the next step's, one step of drift) is refused, and not spent.
    const locked = await verifyTotp(frame, totpCode(s, secret, 1), 'export');
    expect(locked.status).toBe(429);
    expect(await error(locked)).toBe('mfa_verification_max_attempts_reached');
    s.clock.advance(MFA_LIMIT.lockMs);
    expect((await verifyTotp(frame, totpCode(s, secret, 1), 'export')).status).toBe(200);
  });

  it('allows at most 12 wrong codes per user per hour, across locks', async () => {
    const s = server();
    // Stay inside one clock hour: start at its beginning.
    const now = s.clock.now().getTime();
    s.clock.advance(3_600_000 - (now % 3_600_000) + 1_000);
    const { frame } = await walletUser('hourly');
    const secret = await enrollTotp(s, frame);
    const statuses: number[] = [];
    for (let i = 0; i < MFA_LIMIT.failuresPerHour; i++) {
      if (i > 0 && i % MFA_LIMIT.attemptsBeforeLock === 0) s.clock.advance(MFA_LIMIT.lockMs);
      statuses.push((await verifyTotp(frame, wrongTotpCode(s, secret), 'export')).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 401, 401, 401, 429, 401, 401, 401, 429]);
    s.clock.advance(MFA_LIMIT.lockMs + MFA_LIMIT.totpPeriodSeconds * 1000);
    const blocked = await verifyTotp(frame, totpCode(s, secret), 'export');
    expect(blocked.status).toBe(429);
    expect(await error(blocked)).toBe('mfa_verification_max_attempts_reached');
    // The next clock hour (the access token, minted at this hour's start, still lives).
    s.clock.advance(3_600_000 - (s.clock.now().getTime() % 3_600_000));
    frame.forgetNonce();
    expect((await verifyTotp(frame, totpCode(s, secret), 'export')).status).toBe(200);
  });
});
