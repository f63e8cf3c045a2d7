import type { LatchModule } from '../../kernel/module.js';
import { Greetings } from './Greetings.js';
import { greetingRoutes } from './greetingRoutes.js';
import * as greetings900 from './migrations/900_greetings.js';

declare module '../../kernel/context.js' {
  interface Services {
    /** The example module's service (test/greetingModule/). */
    greetings: Greetings;
  }
}

/** What the example module's background job did, for its test to read. */
export const greetingJobs = { started: 0, stopped: 0 };

/**
 * The worked example of docs/architecture.md "Adding a module": one folder, one `LatchModule` — its
 * own table and migration, a service on the context, a route behind the `user` caller check, and
 * background work.
 */
export const greetingModule: LatchModule = {
  id: 'greeting',
  requires: ['passwordless'],
  services: (ctx) => ({ greetings: new Greetings(ctx) }),
  routes: greetingRoutes,
  migrations: { '900_greetings': greetings900 },
  background: () => {
    greetingJobs.started += 1;
    return {
      stop: () => {
        greetingJobs.stopped += 1;
      },
    };
  },
};
