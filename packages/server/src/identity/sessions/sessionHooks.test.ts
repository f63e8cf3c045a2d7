import { describe, expect, it } from 'vitest';
import type { ServerContext } from '../../kernel/context.js';
import type { LatchModule } from '../../kernel/module.js';
import { sessionHooksOf } from './sessionHooks.js';

// The hooks below read nothing of the context but its identity.
const ctx = {} as ServerContext;
const session = { appId: 'app', sessionId: 'session' };

describe('session-started hooks', () => {
  it("runs each module's hook in module order, with the context and the session, and joins what they add", () => {
    const calls: string[] = [];
    const modules: LatchModule[] = [
      {
        id: 'first',
        onSessionStarted: (c, s) => {
          calls.push(`first:${s.sessionId}:${c === ctx}`);
          return { additions: { device_grant: 'from first' }, entries: [{ key: 'a', value: {}, ttlMs: 1 }] };
        },
      },
      { id: 'none' },
      {
        id: 'last',
        onSessionStarted: () => {
          calls.push('last');
          return { additions: { device_grant: 'from last' }, entries: [{ key: 'b', value: { x: 'y' }, ttlMs: 2 }] };
        },
      },
    ];
    expect(sessionHooksOf(ctx, modules).plan(session)).toEqual({
      additions: { device_grant: 'from last' },
      entries: [
        { key: 'a', value: {}, ttlMs: 1 },
        { key: 'b', value: { x: 'y' }, ttlMs: 2 },
      ],
    });
    expect(calls).toEqual(['first:session:true', 'last']);
  });

  it('adds nothing when no module declares a hook', () => {
    expect(sessionHooksOf(ctx, [{ id: 'plain' }]).plan(session)).toEqual({ additions: {}, entries: [] });
  });
});
