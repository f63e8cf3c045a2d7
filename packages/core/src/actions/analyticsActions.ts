import { ANALYTICS_API } from '@latch/protocol';
import type { ActionContext } from './context.js';

/** Analytics events (SPEC §7: no retry, failures ignored). */
export interface AnalyticsActions {
  /** Reports an event; never throws and never retries. */
  trackEvent(eventName: string, payload?: Record<string, unknown>): Promise<void>;
}

/** Builds the analytics actions. */
export function analyticsActions(ctx: ActionContext): AnalyticsActions {
  return {
    async trackEvent(eventName, payload = {}) {
      const body = {
        event_name: eventName,
        client_id: ctx.clientId,
        payload: { clientTimestamp: new Date(ctx.clock.now()).toISOString(), ...payload },
      };
      try {
        await ctx.transport.request(ANALYTICS_API.events, {
          body,
          token: ctx.session.activeToken(),
          attempts: 1,
          signal: ctx.signal,
        });
      } catch {
        // Analytics must never disturb the user's flow.
      }
    },
  };
}
