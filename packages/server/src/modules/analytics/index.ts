import type { LatchModule } from '../../kernel/module.js';
import { analyticsRoutes } from './analyticsRoutes.js';

/** Client analytics events, validated and counted (SPEC §7 "Analytics"). */
export const analyticsModule: LatchModule = {
  id: 'analytics',
  routes: analyticsRoutes,
};
