import type { LatchModule } from '../../kernel/module.js';
import { AppSecrets } from './AppSecrets.js';
import { adminApiRoutes } from './adminRoutes.js';
import { adminAllowlistRoutes } from './allowlistRoutes.js';
import * as appSecrets018 from './migrations/018_app_secrets.js';
import { adminUserWriteRoutes } from './userWriteRoutes.js';
import { adminWebhookRoutes } from './webhookRoutes.js';

declare module '../../kernel/context.js' {
  interface Services {
    /** The per-app secrets of the admin API (modules/adminApi/). */
    appSecrets: AppSecrets;
  }
}

/** The host backend's admin API, authenticated by the app secret (SPEC §7 "Admin API"). */
export const adminApiModule: LatchModule = {
  id: 'adminApi',
  requires: ['webhooks'],
  services: (ctx) => ({ appSecrets: new AppSecrets(ctx) }),
  routes: [...adminApiRoutes, ...adminUserWriteRoutes, ...adminAllowlistRoutes, ...adminWebhookRoutes],
  migrations: { '018_app_secrets': appSecrets018 },
};
