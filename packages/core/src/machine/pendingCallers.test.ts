import { describe, expect, it } from 'vitest';
import { pendingCallers } from './pendingCallers.js';

describe('pendingCallers', () => {
  it('gives each caller its own id and settles each once', () => {
    const callers = pendingCallers<string>();
    const first = callers.add('first');
    const second = callers.add('second');
    expect(first).not.toBe(second);
    expect(callers.get(second)).toBe('second');

    const settled: string[] = [];
    callers.settle(first, (caller) => settled.push(caller));
    callers.settle(first, (caller) => settled.push(caller));
    expect(settled).toEqual(['first']);
    expect(callers.get(first)).toBeUndefined();
    expect(callers.get(second)).toBe('second');
  });
});
