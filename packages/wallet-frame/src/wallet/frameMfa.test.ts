import type { MfaState } from '@latch/protocol';
import { MFA_LIMIT } from '@latch/protocol/mfa';
import { describe, expect, it } from 'vitest';
import { createFrameMfa } from './frameMfa.js';

const alice = { sub: 'did:latch:alice', sid: 's1' };
const aliceOtherSession = { sub: 'did:latch:alice', sid: 's2' };
const bob = { sub: 'did:latch:bob', sid: 's3' };
const PROTECTED: MfaState = { mfaMethods: ['totp'], requiredActions: ['export', 'recovery', 'sign', 'send'] };
const NONE: MfaState = { mfaMethods: [], requiredActions: [] };

const refused = { code: 'missing_or_invalid_mfa' };

function setUp(state: MfaState = PROTECTED) {
  const clock = { now: 1_000_000 };
  const mfa = createFrameMfa({ now: () => clock.now });
  mfa.record(alice, state);
  return { mfa, clock };
}

describe('frame MFA memory: state and one-time permits', () => {
  it('needs no permit when the owner has no protected action', () => {
    const { mfa } = setUp(NONE);
    expect(mfa.knows(alice)).toBe(true);
    mfa.permitFor(alice, 'sign').spend();
    mfa.permitFor(alice, 'sign').spend();
  });

  it('refuses without a permit; a permit signs once', () => {
    const { mfa } = setUp();
    expect(() => mfa.permitFor(alice, 'sign')).toThrow(expect.objectContaining(refused));
    mfa.grant(alice, 'sign');
    mfa.permitFor(alice, 'sign').spend();
    expect(() => mfa.permitFor(alice, 'sign')).toThrow(expect.objectContaining(refused));
  });

  it('a permit is for its action only: sign does not send', () => {
    const { mfa } = setUp();
    mfa.grant(alice, 'sign');
    expect(() => mfa.permitFor(alice, 'send')).toThrow(expect.objectContaining(refused));
    mfa.permitFor(alice, 'sign').spend();
  });

  it('a checked permit that is not spent stays (a refusal later in the request spends nothing)', () => {
    const { mfa } = setUp();
    mfa.grant(alice, 'send');
    mfa.permitFor(alice, 'send'); // checked, then e.g. transaction_not_approved: never spent
    mfa.permitFor(alice, 'send').spend();
  });

  it('two requests that both passed the check: only the first spend succeeds', () => {
    const { mfa } = setUp();
    mfa.grant(alice, 'sign');
    const first = mfa.permitFor(alice, 'sign');
    const second = mfa.permitFor(alice, 'sign');
    first.spend();
    expect(() => second.spend()).toThrow(expect.objectContaining(refused));
  });

  it('a permit lapses after verificationTtlMs', () => {
    const { mfa, clock } = setUp();
    mfa.grant(alice, 'sign');
    clock.now += MFA_LIMIT.verificationTtlMs;
    expect(() => mfa.permitFor(alice, 'sign')).toThrow(expect.objectContaining(refused));
  });

  it("another user's or another session's token never uses the owner's permit", () => {
    const { mfa } = setUp();
    mfa.grant(alice, 'sign');
    expect(() => mfa.permitFor(bob, 'sign')).toThrow(expect.objectContaining(refused));
    expect(() => mfa.permitFor(aliceOtherSession, 'sign')).toThrow(expect.objectContaining(refused));
    // Recording another owner's state (the frame moved on) drops the permits of the old one.
    mfa.record(aliceOtherSession, PROTECTED);
    expect(mfa.knows(alice)).toBe(false);
    mfa.record(alice, PROTECTED);
    expect(() => mfa.permitFor(alice, 'sign')).toThrow(expect.objectContaining(refused));
  });

  it('an owner whose state is unknown is refused, even for an action nobody protects', () => {
    const mfa = createFrameMfa();
    expect(() => mfa.permitFor(alice, 'sign')).toThrow(expect.objectContaining(refused));
  });

  it('clearPermits keeps the state; clear forgets both', () => {
    const { mfa } = setUp();
    mfa.grant(alice, 'sign');
    mfa.grant(alice, 'send');
    mfa.clearPermits();
    expect(mfa.knows(alice)).toBe(true);
    expect(() => mfa.permitFor(alice, 'sign')).toThrow(expect.objectContaining(refused));
    expect(() => mfa.permitFor(alice, 'send')).toThrow(expect.objectContaining(refused));
    mfa.grant(alice, 'sign');
    mfa.clear();
    expect(mfa.knows(alice)).toBe(false);
    mfa.record(alice, PROTECTED);
    expect(() => mfa.permitFor(alice, 'sign')).toThrow(expect.objectContaining(refused));
  });

  it('a new state from the server applies at once (a method enrolled, then removed)', () => {
    const { mfa } = setUp(NONE);
    mfa.record(alice, PROTECTED);
    expect(() => mfa.permitFor(alice, 'send')).toThrow(expect.objectContaining(refused));
    mfa.record(alice, NONE);
    mfa.permitFor(alice, 'send').spend();
  });
});
