import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { type BootWindow, bootFrame } from './bootFrame.js';

const config = {
  appId: 'clapp00000000000000000001',
  apiUrl: 'http://localhost:8787',
  issuer: 'http://localhost:8787',
  allowedOrigins: ['https://app.example'],
};

function fakeWindow(shape: { framed: 'once' | 'twice' | 'top'; referrer: string }) {
  const posted: { message: unknown; targetOrigin: string }[] = [];
  const parent = { postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }) };
  const win = {
    parent,
    top: shape.framed === 'twice' ? {} : parent,
    document: { referrer: shape.referrer },
    location: {},
    indexedDB: new IDBFactory(),
    addEventListener: () => {},
    removeEventListener: () => {},
  } as unknown as BootWindow & { self: unknown };
  win.self = shape.framed === 'top' ? win.parent : win;
  return { win, posted };
}

describe('bootFrame', () => {
  it('starts for an allowed parent and announces itself to exactly that origin', async () => {
    const { win, posted } = fakeWindow({ framed: 'once', referrer: 'https://app.example/page' });
    const router = await bootFrame(win, config);
    expect(typeof router).toBe('object');
    expect(posted).toEqual([
      {
        message: { id: 'latch:ready', event: 'latch:iframe:ready', data: { ready: true } },
        targetOrigin: 'https://app.example',
      },
    ]);
  });

  it('refuses to run when framed twice, when not framed, or for a parent that is not allowed', async () => {
    const twice = fakeWindow({ framed: 'twice', referrer: 'https://app.example/' });
    expect(await bootFrame(twice.win, config)).toBe('not_framed_once');
    const top = fakeWindow({ framed: 'top', referrer: 'https://app.example/' });
    expect(await bootFrame(top.win, config)).toBe('not_framed_once');
    const foreign = fakeWindow({ framed: 'once', referrer: 'https://evil.example/' });
    expect(await bootFrame(foreign.win, config)).toBe('unknown_parent');
    expect([...twice.posted, ...top.posted, ...foreign.posted]).toHaveLength(0);
  });
});
