import { randomBytes } from 'node:crypto';
import { CODE_POLICY, LatchError } from '@latch/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ShortLivedBackend, shortLivedBackends } from '../kv/testing/shortLivedBackends.js';
import { type CodeScope, deriveCodeKey, OneTimeCodes } from './OneTimeCodes.js';

const scope: CodeScope = { appId: 'app_aaaaaaaaaaaaaaaaaaaaaa', channel: 'email', target: 'ada@example.com' };

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

describe.each(shortLivedBackends())('OneTimeCodes on $name', ({ create }) => {
  let backend: ShortLivedBackend;
  let now: number;
  let codes: OneTimeCodes;
  // One backend per block (PGlite start-up is the slow part); each test issues its own code first.
  beforeAll(async () => {
    backend = await create();
  });
  beforeEach(() => {
    now = Date.UTC(2026, 0, 1);
    codes = new OneTimeCodes({ kv: backend.store, hmacKey: randomBytes(32), now: () => now });
  });
  afterAll(async () => {
    await backend.dispose();
  });

  it('issues 6-digit codes that verify once and never again', async () => {
    const code = await codes.issue(scope);
    expect(code).toMatch(/^\d{6}$/);
    await codes.verify(scope, code);
    await expectInvalid(codes.verify(scope, code));
  });

  it('never stores the code in clear', async () => {
    const code = await codes.issue(scope);
    const stored = await backend.store.get(`code:${scope.appId}:${scope.channel}:${scope.target}`);
    expect(stored).not.toBeNull();
    expect(JSON.parse(stored!)).not.toHaveProperty('code');
    expect(Object.values(JSON.parse(stored!))).not.toContain(code);
  });

  it('refuses a wrong code, and a right one for another target or app', async () => {
    const code = await codes.issue(scope);
    await expectInvalid(codes.verify(scope, wrong(code)));
    await expectInvalid(codes.verify({ ...scope, target: 'eve@example.com' }, code));
    await expectInvalid(codes.verify({ ...scope, appId: 'app_bbbbbbbbbbbbbbbbbbbbbb' }, code));
    await expectInvalid(codes.verify({ ...scope, channel: 'sms' }, code));
    await codes.verify(scope, code);
  });

  it('accepts the right code after 4 wrong tries', async () => {
    const code = await codes.issue(scope);
    for (let i = 0; i < CODE_POLICY.maxWrongAttempts - 1; i++) await expectInvalid(codes.verify(scope, wrong(code)));
    await codes.verify(scope, code);
  });

  it('refuses even the right code after 5 wrong tries', async () => {
    const code = await codes.issue(scope);
    for (let i = 0; i < CODE_POLICY.maxWrongAttempts; i++) await expectInvalid(codes.verify(scope, wrong(code)));
    await expectInvalid(codes.verify(scope, code));
  });

  it('counts parallel guesses, so a burst of wrong tries also kills the code', async () => {
    const code = await codes.issue(scope);
    await Promise.all(Array.from({ length: 12 }, () => expectInvalid(codes.verify(scope, wrong(code)))));
    await expectInvalid(codes.verify(scope, code));
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

  it('replaces the old code with a new send, with fresh tries', async () => {
    const first = await codes.issue(scope);
    for (let i = 0; i < CODE_POLICY.maxWrongAttempts; i++) await expectInvalid(codes.verify(scope, wrong(first)));
    let second = await codes.issue(scope);
    while (second === first) second = await codes.issue(scope);
    await expectInvalid(codes.verify(scope, first));
    await codes.verify(scope, second);
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
