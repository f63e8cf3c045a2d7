import { randomBytes } from 'node:crypto';
import { CODE_POLICY, LatchError } from '@latch/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CODE_GUESS_POLICY, type CodeScope, deriveCodeKey, OneTimeCodes } from './OneTimeCodes.js';
import { type CodeStoreBackend, codeStoreBackends } from './testing/codeStoreBackends.js';

/** A scope of its own for each test (the backend is shared, and failures are counted per identifier). */
const freshScope = (): CodeScope => ({
  appId: 'app_aaaaaaaaaaaaaaaaaaaaaa',
  channel: 'email',
  target: `ada-${randomBytes(4).toString('hex')}@example.com`,
});

async function expectWait(promise: Promise<void>): Promise<number> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LatchError);
  expect((error as LatchError).code).toBe('too_many_requests');
  expect((error as LatchError).status).toBe(429);
  return (error as LatchError).retryAfter ?? 0;
}

const { free, baseMs } = CODE_GUESS_POLICY.backoff;

async function expectInvalid(promise: Promise<void>): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LatchError);
  expect((error as LatchError).code).toBe('invalid_credentials');
  expect((error as LatchError).status).toBe(422);
  expect((error as LatchError).message).toBe('Invalid or expired verification code');
}

/** A 6-digit code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe.each(codeStoreBackends())('OneTimeCodes on $name', ({ create }) => {
  let backend: CodeStoreBackend;
  let now: number;
  let codes: OneTimeCodes;
  let scope: CodeScope;
  // One backend per block (PGlite start-up is the slow part); each test has its own scope.
  beforeAll(async () => {
    backend = await create();
  });
  beforeEach(() => {
    now = Date.UTC(2026, 0, 1);
    scope = freshScope();
    codes = new OneTimeCodes({ store: backend.codes, hmacKey: randomBytes(32), now: () => now });
  });
  afterAll(async () => {
    await backend.dispose();
  });

  /** `free` wrong tries: the ones that cost no wait. */
  const missFreely = async (code: string, at: CodeScope = scope) => {
    for (let i = 0; i < free; i++) await expectInvalid(codes.verify(at, wrong(code)));
  };

  it('issues 6-digit codes that verify once and never again', async () => {
    const code = await codes.issue(scope);
    expect(code).toMatch(/^\d{6}$/);
    await codes.verify(scope, code);
    await expectInvalid(codes.verify(scope, code));
  });

  it('never stores the code in clear', async () => {
    const code = await codes.issue(scope);
    const stored = await backend.store.get(`code:${scope.appId}:${scope.channel}:login:${scope.target}`);
    expect(stored).not.toBeNull();
    expect(stored).not.toContain(code);
  });

  it('refuses a wrong code, and a right one for another target, app or channel', async () => {
    const code = await codes.issue(scope);
    await expectInvalid(codes.verify(scope, wrong(code)));
    await expectInvalid(codes.verify({ ...scope, target: 'eve@example.com' }, code));
    await expectInvalid(codes.verify({ ...scope, appId: 'app_bbbbbbbbbbbbbbbbbbbbbb' }, code));
    await expectInvalid(codes.verify({ ...scope, channel: 'sms' }, code));
    await codes.verify(scope, code);
  });

  it('binds a code to its purpose: a login code fits no link or update, and the other way round', async () => {
    // Without backoff, so that each wrong-purpose try is answered on its own.
    const noWait = { free: 1_000, baseMs: 0, maxMs: 0, windowMs: 60_000 };
    const bound = new OneTimeCodes({
      store: backend.codes,
      hmacKey: randomBytes(32),
      now: () => now,
      policy: { backoff: noWait },
    });
    const login = await bound.issue(scope);
    for (const purpose of ['link', 'update', 'update-old', 'unlink', 'export'] as const) {
      await expectInvalid(bound.verify({ ...scope, purpose }, login));
    }
    await bound.verify({ ...scope, purpose: 'login' }, login);
    const link = await bound.issue({ ...scope, purpose: 'link' });
    await expectInvalid(bound.verify(scope, link));
    await expectInvalid(bound.verify({ ...scope, purpose: 'update' }, link));
    await bound.verify({ ...scope, purpose: 'link' }, link);
  });

  it("keeps the codes already sent valid: another source's sends never push out the owner's code", async () => {
    const owners = await codes.issue(scope, '198.51.100.7');
    const attackers = [];
    for (let i = 0; i < 5; i++) attackers.push(await codes.issue(scope, '203.0.113.66'));
    // Each source keeps its newest 2: the attacker pushed out only its own codes.
    if (!attackers.slice(3).includes(attackers[0]!)) await expectInvalid(codes.verify(scope, attackers[0]!));
    await codes.verify(scope, owners);
  });

  it('keeps the newest 4 codes of a scope in all', async () => {
    const sent = [];
    for (let i = 0; i < CODE_GUESS_POLICY.liveCodes + 1; i++) sent.push(await codes.issue(scope, `192.0.2.${i}`));
    if (!sent.slice(1).includes(sent[0]!)) await expectInvalid(codes.verify(scope, sent[0]!));
    // Any of the others works (and takes the rest with it: one login per scope).
    await codes.verify(scope, sent[1]!);
    await expectInvalid(codes.verify(scope, sent[4]!));
  });

  it('accepts the right code after the free wrong tries and a wait: wrong guesses do not kill it', async () => {
    const code = await codes.issue(scope);
    await missFreely(code);
    // The next try must wait (not counted, even when right)…
    const retryAfter = await expectWait(codes.verify(scope, code));
    expect(retryAfter).toBe(Math.ceil(baseMs / 1000));
    now += baseMs;
    // …then it is accepted.
    await codes.verify(scope, code);
  });

  it('doubles the wait with each further failure, from every source together', async () => {
    const code = await codes.issue(scope);
    await missFreely(code);
    now += baseMs;
    await expectInvalid(codes.verify(scope, wrong(code)));
    expect(await expectWait(codes.verify(scope, code))).toBe(Math.ceil((2 * baseMs) / 1000));
    now += 2 * baseMs;
    await expectInvalid(codes.verify(scope, wrong(code)));
    expect(await expectWait(codes.verify(scope, code))).toBe(Math.ceil((4 * baseMs) / 1000));
    now += 4 * baseMs;
    await codes.verify(scope, code);
  });

  it('counts failures per identifier across purposes, and forgets them after a success', async () => {
    const code = await codes.issue(scope);
    const linkCode = await codes.issue({ ...scope, purpose: 'link' });
    await missFreely(linkCode, { ...scope, purpose: 'link' });
    await expectWait(codes.verify(scope, code));
    now += baseMs;
    await codes.verify(scope, code);
    const next = await codes.issue(scope);
    await missFreely(next);
    now += baseMs;
    await codes.verify(scope, next);
  });

  it('caps the tries of one code from all sources, even without waits', async () => {
    const noWait = { free: 1_000, baseMs: 0, maxMs: 0, windowMs: 60_000 };
    const patient = new OneTimeCodes({
      store: backend.codes,
      hmacKey: randomBytes(32),
      now: () => now,
      policy: { backoff: noWait },
    });
    const code = await patient.issue(scope);
    for (let i = 0; i < CODE_GUESS_POLICY.maxTriesPerCode; i++) await expectInvalid(patient.verify(scope, wrong(code)));
    await expectInvalid(patient.verify(scope, code));
  });

  it("RL-03: the owner's own code works at once while an attacker's failures keep the backoff running", async () => {
    const owner = '198.51.100.7';
    const attacker = '203.0.113.66';
    const bait = await codes.issue(scope, '192.0.2.1');
    for (let i = 0; i < free; i++) await expectInvalid(codes.verify(scope, wrong(bait), attacker));
    expect(await expectWait(codes.verify(scope, wrong(bait), attacker))).toBeGreaterThan(0);
    // The owner asks for a code and types it: compared at once, although the identifier is in backoff.
    const code = await codes.issue(scope, owner);
    await codes.verify(scope, code, owner);
  });

  it("RL-03: in the backoff a source's wrong tries count only on its own codes, which die after 5", async () => {
    const owner = '198.51.100.7';
    const attacker = '203.0.113.66';
    const code = await codes.issue(scope, owner);
    for (let i = 0; i < free; i++) await expectInvalid(codes.verify(scope, wrong(code), attacker));
    // A code the attacker asked for (sent to the owner, unseen by the attacker) may be tried in the backoff…
    const attackers = await codes.issue(scope, attacker);
    for (let i = 0; i < CODE_POLICY.maxWrongAttempts; i++) {
      // (a miss that left another source's code untried answers with the wait)
      await expectWait(codes.verify(scope, wrong(attackers), attacker));
    }
    // …CODE_POLICY.maxWrongAttempts times: then it is dead, and the attacker must wait like everyone.
    await expectWait(codes.verify(scope, attackers, attacker));
    // None of those misses counted on the owner's code, which still works from the owner.
    await codes.verify(scope, code, owner);
  });

  it('OTP-05: a code dies after 5 wrong tries from the client that asked for it', async () => {
    const owner = '198.51.100.7';
    const noWait = { free: 1_000, baseMs: 0, maxMs: 0, windowMs: 60_000 };
    const patient = new OneTimeCodes({
      store: backend.codes,
      hmacKey: randomBytes(32),
      now: () => now,
      policy: { backoff: noWait },
    });
    const code = await patient.issue(scope, owner);
    for (let i = 0; i < CODE_POLICY.maxWrongAttempts; i++)
      await expectInvalid(patient.verify(scope, wrong(code), owner));
    await expectInvalid(patient.verify(scope, code, owner));
  });

  it('OTP-05: 10 consecutive failures lock that client out of the address for 15 minutes; others are not locked', async () => {
    const noWait = { free: 1_000, baseMs: 0, maxMs: 0, windowMs: 60 * 60_000 };
    const locking = new OneTimeCodes({
      store: backend.codes,
      hmacKey: randomBytes(32),
      now: () => now,
      policy: { backoff: noWait },
    });
    const attacker = '203.0.113.66';
    const owner = '198.51.100.7';
    const code = await locking.issue(scope, owner);
    for (let i = 0; i < CODE_POLICY.lockAfterFailures; i++)
      await expectInvalid(locking.verify(scope, wrong(code), attacker));
    // Locked: even the right code from that client is not tried.
    expect(await expectWait(locking.verify(scope, code, attacker))).toBe(CODE_POLICY.lockMs / 1000);
    // The lock is the attacker's alone: the owner's code still works from the owner.
    await locking.verify(scope, code, owner);
    now += CODE_POLICY.lockMs;
    await locking.verify(scope, await locking.issue(scope, owner), attacker);
  });

  it('OTP-05: a success ends the consecutive failures of that client', async () => {
    const noWait = { free: 1_000, baseMs: 0, maxMs: 0, windowMs: 60 * 60_000 };
    const locking = new OneTimeCodes({
      store: backend.codes,
      hmacKey: randomBytes(32),
      now: () => now,
      policy: { backoff: noWait },
    });
    const client = '198.51.100.9';
    const code = await locking.issue(scope, '198.51.100.7');
    for (let i = 0; i < CODE_POLICY.lockAfterFailures - 1; i++)
      await expectInvalid(locking.verify(scope, wrong(code), client));
    await locking.verify(scope, code, client);
    const next = await locking.issue(scope, '198.51.100.7');
    await expectInvalid(locking.verify(scope, wrong(next), client));
    await locking.verify(scope, next, client);
  });

  it('serialises a burst of parallel guesses: only the free ones are tried, the code survives', async () => {
    const code = await codes.issue(scope);
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, () => codes.verify(scope, wrong(code))));
    const codesOf = outcomes.map((o) => (o.status === 'rejected' ? (o.reason as LatchError).code : 'accepted'));
    expect(codesOf.filter((c) => c === 'invalid_credentials')).toHaveLength(free);
    expect(codesOf.filter((c) => c === 'too_many_requests')).toHaveLength(12 - free);
    now += baseMs;
    await codes.verify(scope, code);
  });

  it('lets exactly one of several concurrent right answers through', async () => {
    const code = await codes.issue(scope);
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => codes.verify(scope, code)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
  });

  it('refuses a code once 10 minutes have passed', async () => {
    const code = await codes.issue(scope);
    now += CODE_POLICY.ttlMs;
    await expectInvalid(codes.verify(scope, code));
  });

  it('still accepts a code just before it expires', async () => {
    const code = await codes.issue(scope);
    now += CODE_POLICY.ttlMs - 1000;
    await codes.verify(scope, code);
  });
});

describe('deriveCodeKey', () => {
  it('derives a stable 32-byte key that differs per master key', () => {
    const master = randomBytes(32);
    expect(deriveCodeKey(master)).toHaveLength(32);
    expect(deriveCodeKey(master).equals(deriveCodeKey(master))).toBe(true);
    expect(deriveCodeKey(master).equals(deriveCodeKey(randomBytes(32)))).toBe(false);
    expect(deriveCodeKey(master).equals(master)).toBe(false);
  });
});
