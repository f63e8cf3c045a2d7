import { describe, expect, it } from 'vitest';
import type { ServerContext } from '../../kernel/context.js';
import type { LatchModule } from '../../kernel/module.js';
import { sessionHooksOf } from './sessionHooks.js';

// The hooks below read nothing of the context but its identity.
const ctx = {} as ServerContext;
const session = { appId: 'app', userId: 'user', sessionId: 'session' };

describe('session-started hooks', () => {
  it("runs each module's hook in module order, with the context and the session, and joins what they add", async () => {
    const calls: string[] = [];
    const modules: LatchModule[] = [
      {
        id: 'first',
        onSessionStarted: async (c, s) => {
          calls.push(`first:${s.sessionId}:${c === ctx}`);
          return { device_grant: 'from first' };
        },
      },
      { id: 'none' },
      {
        id: 'last',
        onSessionStarted: async () => {
          calls.push('last');
          return { device_grant: 'from last' };
        },
      },
    ];
    expect(await sessionHooksOf(ctx, modules).started(session)).toEqual({ device_grant: 'from last' });
    expect(calls).toEqual(['first:session:true', 'last']);
  });

  it('adds nothing when no module declares a hook', async () => {
    expect(await sessionHooksOf(ctx, [{ id: 'plain' }]).started(session)).toEqual({});
  });
});
