import type { ServerContext } from '../../kernel/context.js';
import type { LatchModule, SessionStartPlan, StartingSession } from '../../kernel/module.js';

/** The modules' `onSessionStarted` hooks, as one service (`ctx.sessionHooks`). */
export interface SessionHooks {
  /** Runs every module's hook, in module order: what they add to the token response, and their entries. */
  plan(session: StartingSession): SessionStartPlan;
  /** Stores a plan's entries for the session's user through the short-lived store (when the login's statement did not). */
  store(plan: SessionStartPlan, userId: string): Promise<void>;
}

/** The session hooks the `modules` declare, run with `ctx`. */
export function sessionHooksOf(ctx: ServerContext, modules: readonly LatchModule[]): SessionHooks {
  const hooks = modules.flatMap((module) => (module.onSessionStarted ? [module.onSessionStarted] : []));
  return {
    plan(session) {
      const plan: SessionStartPlan = { additions: {}, entries: [] };
      for (const hook of hooks) {
        const { additions, entries } = hook(ctx, session);
        Object.assign(plan.additions, additions);
        plan.entries.push(...entries);
      }
      return plan;
    },
    async store(plan, userId) {
      const now = ctx.clock.now().getTime();
      for (const { key, value, ttlMs } of plan.entries) {
        await ctx.shortLived.set(key, JSON.stringify({ ...value, userId, expiresAt: now + ttlMs }), ttlMs);
      }
    },
  };
}
