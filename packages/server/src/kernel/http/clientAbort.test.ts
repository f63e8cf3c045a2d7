import { describe, expect, it } from 'vitest';
import { isClientAbort } from './clientAbort.js';
import type { LatchContext } from './env.js';

const reset = () => Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
// Only `env.incoming` is read: a stand-in for Node's IncomingMessage is enough.
const contextWith = (incoming: object | undefined) => ({ env: { incoming } }) as unknown as LatchContext;
const connected = { readableAborted: false, errored: null, socket: { destroyed: false } };

describe('isClientAbort', () => {
  it('is the client leaving when the request stream shows the disconnect', () => {
    expect(isClientAbort(contextWith({ ...connected, readableAborted: true }), reset())).toBe(true);
    expect(isClientAbort(contextWith({ ...connected, errored: reset() }), reset())).toBe(true);
    expect(isClientAbort(contextWith({ ...connected, socket: { destroyed: true } }), reset())).toBe(true);
  });

  it('stays our error when the client is still there (an ECONNRESET from a database socket) or the code differs', () => {
    expect(isClientAbort(contextWith(connected), reset())).toBe(false);
    expect(isClientAbort(contextWith({ ...connected, readableAborted: true }), new Error('boom'))).toBe(false);
  });
});
