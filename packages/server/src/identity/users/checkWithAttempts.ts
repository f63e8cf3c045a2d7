import { LatchError } from '@latch/protocol';
import { MFA_LIMIT } from '@latch/protocol/mfa';
import type { ServerContext } from '../../kernel/context.js';
import type { UserRef } from './userRef.js';

const HOUR_MS = 3600 * 1000;

type AttemptsContext = Pick<ServerContext, 'shortLived' | 'clock'>;

/** What one check of a factor said: right, wrong, or a code that expired before it was entered (SMS). */
export type FactorVerdict = 'ok' | 'wrong' | 'timeout';

const maxAttempts = (retryAfterMs: number) =>
  new LatchError('mfa_verification_max_attempts_reached', undefined, {
    retryAfter: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });

/** SPEC §8's "Invalid code" text: the client shows it for this answer. */
export const wrongCode = () => new LatchError('missing_or_invalid_mfa', 'The code you entered is not valid');

/**
 * Runs one check of a code or factor under the attempt limits (MFA_LIMIT, docs/mfa.md), per user across
 * methods (MFA verifications and step-up proofs share them):
 * `attemptsBeforeLock` wrong answers in a row lock the user for `lockMs`
 * (`mfa_verification_max_attempts_reached`, the 4th wrong answer included), and at most
 * `failuresPerHour` wrong answers per clock hour. A right answer ends the run. Every counter is durable
 * (a crash hands out no fresh guesses) and the lock and the hour follow the server's clock (the lock's
 * end is the stored value). A try is counted BEFORE the check and given back when it was right, so
 * concurrent guesses cannot slip past the limits.
 */
export async function checkWithAttempts(
  ctx: AttemptsContext,
  owner: UserRef,
  check: () => Promise<FactorVerdict>,
): Promise<void> {
  const { counters } = ctx.shortLived;
  const now = ctx.clock.now().getTime();
  const base = `${owner.appId}:${owner.userId}`;
  const lockKey = `mfa-lock:${base}`;
  const lock = await counters.get(lockKey);
  if (lock && lock.count > now) throw maxAttempts(lock.count - now);
  const hour = Math.floor(now / HOUR_MS);
  const hourKey = `mfa-fails:${base}:${hour}`;
  const hourLeft = (hour + 1) * HOUR_MS - now;
  const runKey = `mfa-run:${base}`;
  const failures = await counters.increment(hourKey, 1, HOUR_MS);
  if (failures.count > MFA_LIMIT.failuresPerHour) throw maxAttempts(hourLeft);
  const run = await counters.increment(runKey, 1, HOUR_MS);
  if (run.count > MFA_LIMIT.attemptsBeforeLock) throw maxAttempts(MFA_LIMIT.lockMs);

  let verdict: FactorVerdict;
  try {
    verdict = await check();
  } catch (error) {
    // Not an answer (a store or delivery error): give the try back.
    await counters.increment(runKey, -1, HOUR_MS);
    await counters.increment(hourKey, -1, HOUR_MS);
    throw error;
  }
  if (verdict === 'ok') {
    await counters.delete(runKey);
    await counters.increment(hourKey, -1, HOUR_MS);
    return;
  }
  if (verdict === 'timeout') {
    // An expired code cannot be right whatever was typed: not a guess.
    await counters.increment(runKey, -1, HOUR_MS);
    await counters.increment(hourKey, -1, HOUR_MS);
    throw new LatchError('mfa_timeout');
  }
  if (run.count >= MFA_LIMIT.attemptsBeforeLock) {
    await counters.set(lockKey, now + MFA_LIMIT.lockMs, MFA_LIMIT.lockMs);
    await counters.delete(runKey);
    throw maxAttempts(MFA_LIMIT.lockMs);
  }
  if (failures.count >= MFA_LIMIT.failuresPerHour) throw maxAttempts(hourLeft);
  throw wrongCode();
}
