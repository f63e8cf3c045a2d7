import { describe, expect, it } from 'vitest';
import { sleep } from '../clock.js';
import { createFakeClock } from './fakeClock.js';

describe('fake clock', () => {
  it('runs timers in due order only when time is advanced past them', async () => {
    const clock = createFakeClock(0);
    const ran: string[] = [];
    clock.setTimeout(() => ran.push('b'), 200);
    clock.setTimeout(() => ran.push('a'), 100);
    await clock.advance(99);
    expect(ran).toEqual([]);
    await clock.advance(150);
    expect(ran).toEqual(['a', 'b']);
    expect(clock.now()).toBe(249);
  });

  it('runs timers scheduled by promise chains within the same advance', async () => {
    const clock = createFakeClock(0);
    let done = false;
    void (async () => {
      await sleep(clock, 500);
      await sleep(clock, 500);
      done = true;
    })();
    await clock.advance(999);
    expect(done).toBe(false);
    await clock.advance(1);
    expect(done).toBe(true);
  });

  it('cancels cleared timers and sleeps cut short by an abort', async () => {
    const clock = createFakeClock(0);
    let ran = false;
    clock.clearTimeout(clock.setTimeout(() => (ran = true), 10));
    const controller = new AbortController();
    const slept = sleep(clock, 1000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(slept).rejects.toThrow('stop');
    await clock.advance(2000);
    expect(ran).toBe(false);
    expect(clock.pendingTimers()).toBe(0);
  });
});
