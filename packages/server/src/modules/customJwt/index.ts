import type { LatchModule } from '../../kernel/module.js';
import { CustomJwtLogin } from './CustomJwtLogin.js';
import { customJwtRoutes } from './customJwtRoutes.js';

declare module '../../kernel/context.js' {
  interface Services {
    /** Custom-token (JWT) login: the host backend's token checked against the app's custom_auth_config (modules/customJwt/). */
    customJwt: CustomJwtLogin;
  }
}

/** Login with the host backend's own token (SPEC §7 "Custom auth"). */
export const customJwtModule: LatchModule = {
  id: 'customJwt',
  services: (ctx) => ({ customJwt: new CustomJwtLogin(ctx) }),
  routes: customJwtRoutes,
};
