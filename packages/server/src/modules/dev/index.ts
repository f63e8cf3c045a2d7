import type { LatchModule } from '../../kernel/module.js';
import { devCredentialRoutes } from './devCredentialRoutes.js';
import { devRoutes } from './devRoutes.js';

/** Dev-mode endpoints (apps, the outbox, login credentials), served only with LATCH_DEV=1. */
export const devModule: LatchModule = {
  id: 'dev',
  routes: [...devRoutes, ...devCredentialRoutes],
};
