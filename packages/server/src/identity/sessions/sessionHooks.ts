import type { ServerContext } from '../../kernel/context.js';
import type { LatchModule, SessionStartAdditions, StartedSession } from '../../kernel/module.js';

/** The modules' `onSessionStarted` hooks, as one service (`ctx.sessionHooks`). */
export interface SessionHooks {
  /** Runs every module's hook, in module order; answers what they add to the token response. */
  started(session: StartedSession): Promise<SessionStartAdditions>;
}

/** The session hooks the `modules` declare, run with `ctx`. */
export function sessionHooksOf(ctx: ServerContext, modules: readonly LatchModule[]): SessionHooks {
  const hooks = modules.flatMap((module) => (module.onSessionStarted ? [module.onSessionStarted] : []));
  return {
    async started(session) {
      const added: SessionStartAdditions = {};
      for (const hook of hooks) Object.assign(added, await hook(ctx, session));
      return added;
    },
  };
}
