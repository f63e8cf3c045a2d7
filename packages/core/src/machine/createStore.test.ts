import { describe, expect, it } from 'vitest';
import { createStore } from './createStore.js';

describe('createStore', () => {
  it('notifies on a new value only', () => {
    const store = createStore({ n: 0 });
    let calls = 0;
    store.subscribe(() => calls++);
    const same = store.get();
    store.set(same);
    expect(calls).toBe(0);
    store.set({ n: 1 });
    expect(calls).toBe(1);
    expect(store.get()).toEqual({ n: 1 });
  });

  it('stops notifying after unsubscribe and close', () => {
    const store = createStore(0);
    let a = 0;
    let b = 0;
    const stopA = store.subscribe(() => a++);
    store.subscribe(() => b++);
    store.set(1);
    stopA();
    store.set(2);
    store.close();
    store.set(3);
    expect([a, b]).toEqual([1, 2]);
  });

  it('lets a listener unsubscribe another mid-notify without skipping it this round', () => {
    const store = createStore(0);
    const seen: string[] = [];
    let stopB = () => {};
    store.subscribe(() => {
      seen.push('a');
      stopB();
    });
    stopB = store.subscribe(() => seen.push('b'));
    store.set(1);
    store.set(2);
    expect(seen).toEqual(['a', 'b', 'a']);
  });
});
