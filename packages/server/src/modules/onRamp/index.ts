import type { LatchModule } from '../../kernel/module.js';
import * as onRampCredentials026 from './migrations/026_on_ramp_credentials.js';
import { OnRampSettings } from './OnRampSettings.js';
import { onRampRoutes } from './onRampRoutes.js';
import { onRampSealing } from './onRampSealing.js';

declare module '../../kernel/context.js' {
  interface Services {
    /** The apps' fiat on-ramp provider keys and URLs, secret keys sealed (modules/onRamp/). */
    onRampSettings: OnRampSettings;
  }
}

/** The fiat on-ramp: per-app MoonPay keys and the widget URL signing route (SPEC §7, docs/onramp.md). */
export const onRampModule: LatchModule = {
  id: 'onRamp',
  services: (ctx) => ({ onRampSettings: new OnRampSettings(ctx.db, ctx.sealer, ctx.clock, ctx.settings.dev) }),
  routes: onRampRoutes,
  migrations: { '026_on_ramp_credentials': onRampCredentials026 },
  sealed: onRampSealing,
};
