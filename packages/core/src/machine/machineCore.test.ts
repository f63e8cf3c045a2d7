import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fakeClock.js';
import { createMachineCore } from './machineCore.js';

type Event = { type: 'add'; n: number } | { type: 'later' };
type Effect = { type: 'log'; n: number };

describe('machine core', () => {
  const setup = () => {
    const clock = createFakeClock();
    const log: number[] = [];
    const core = createMachineCore<number, Event, Effect>({
      initial: 0,
      transition: (state, event) =>
        event.type === 'add'
          ? { state: state + event.n, effects: [{ type: 'log', n: event.n }] }
          : { state, effects: [] },
      clock,
      run: (effect) => log.push(effect.n),
    });
    return { clock, log, core };
  };

  it('applies transitions, notifies only on change, and runs effects', () => {
    const { core, log } = setup();
    let notified = 0;
    core.subscribe(() => notified++);
    core.dispatch({ type: 'add', n: 2 });
    core.dispatch({ type: 'later' });
    expect(core.getState()).toBe(2);
    expect(notified).toBe(1);
    expect(log).toEqual([2]);
  });

  it('dispatches timed events on the clock and cancels them all', async () => {
    const { core, clock } = setup();
    core.after(900, { type: 'add', n: 1 });
    core.after(1400, { type: 'add', n: 10 });
    await clock.advance(900);
    expect(core.getState()).toBe(1);
    core.cancelTimers();
    await clock.advance(1000);
    expect(core.getState()).toBe(1);
  });

  it('dispatches the outcome of a settled promise', async () => {
    const { core } = setup();
    core.settle(
      Promise.resolve(3),
      (n) => ({ type: 'add', n }),
      () => ({ type: 'later' }),
    );
    core.settle(
      Promise.reject(new Error('no')),
      () => ({ type: 'later' }),
      () => ({ type: 'add', n: 100 }),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(core.getState()).toBe(103);
  });
});
