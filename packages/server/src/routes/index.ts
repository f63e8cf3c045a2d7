import { adminApiRoutes } from '../adminApi/adminRoutes.js';
import { adminAllowlistRoutes } from '../adminApi/allowlistRoutes.js';
import { adminUserWriteRoutes } from '../adminApi/userWriteRoutes.js';
import { adminWebhookRoutes } from '../adminApi/webhookRoutes.js';
import { devCredentialRoutes } from '../auth/credentials/devCredentialRoutes.js';
import { customJwtRoutes } from '../auth/customJwt/customJwtRoutes.js';
import { mfaRoutes } from '../auth/mfa/mfaRoutes.js';
import { oauthRoutes } from '../auth/oauth/oauthRoutes.js';
import { passkeyRoutes } from '../auth/passkeys/passkeyRoutes.js';
import { passwordlessRoutes } from '../auth/passwordless/passwordlessRoutes.js';
import { telegramRoutes } from '../auth/telegram/telegramRoutes.js';
import type { RouteDef } from '../http/env.js';
import { securityEventRoutes } from '../securityEvents/securityEventRoutes.js';
import { stepUpRoutes } from '../stepUp/stepUpRoutes.js';
import { analyticsRoutes } from './analytics.js';
import { appRoutes } from './apps.js';
import { devRoutes } from './dev.js';
import { embeddedWalletPageRoutes } from './embeddedWalletPage.js';
import { healthRoutes } from './health.js';
import { sessionRoutes } from './sessions.js';
import { siweRoutes } from './siwe.js';
import { tokenPriceRoutes } from './tokenPrice.js';
import { userRoutes } from './users.js';
import { walletRoutes } from './wallets.js';

/** The route table: one entry per endpoint family. Add a family: import it and add one line here. */
export const routeTable: RouteDef[] = [
  ...healthRoutes,
  ...appRoutes,
  ...sessionRoutes,
  ...userRoutes,
  ...securityEventRoutes,
  ...analyticsRoutes,
  ...devRoutes,
  ...devCredentialRoutes,
  ...passwordlessRoutes,
  ...siweRoutes,
  ...passkeyRoutes,
  ...telegramRoutes,
  ...customJwtRoutes,
  ...oauthRoutes,
  ...walletRoutes,
  ...mfaRoutes,
  ...stepUpRoutes,
  ...tokenPriceRoutes,
  ...embeddedWalletPageRoutes,
  ...adminApiRoutes,
  ...adminUserWriteRoutes,
  ...adminAllowlistRoutes,
  ...adminWebhookRoutes,
];
