import { appRoutes } from './identity/routes/appRoutes.js';
import { sessionRoutes } from './identity/routes/sessionRoutes.js';
import { userRoutes } from './identity/routes/userRoutes.js';
import { securityEventRoutes } from './identity/securityEvents/securityEventRoutes.js';
import { stepUpRoutes } from './identity/stepUp/stepUpRoutes.js';
import type { RouteDef } from './kernel/http/env.js';
import { healthRoutes } from './kernel/http/healthRoutes.js';
import { adminApiRoutes } from './modules/adminApi/adminRoutes.js';
import { adminAllowlistRoutes } from './modules/adminApi/allowlistRoutes.js';
import { adminUserWriteRoutes } from './modules/adminApi/userWriteRoutes.js';
import { adminWebhookRoutes } from './modules/adminApi/webhookRoutes.js';
import { analyticsRoutes } from './modules/analytics/analyticsRoutes.js';
import { customJwtRoutes } from './modules/customJwt/customJwtRoutes.js';
import { devCredentialRoutes } from './modules/dev/devCredentialRoutes.js';
import { devRoutes } from './modules/dev/devRoutes.js';
import { mfaRoutes } from './modules/mfa/mfaRoutes.js';
import { oauthRoutes } from './modules/oauth/oauthRoutes.js';
import { passkeyRoutes } from './modules/passkeys/passkeyRoutes.js';
import { passwordlessRoutes } from './modules/passwordless/passwordlessRoutes.js';
import { tokenPriceRoutes } from './modules/prices/tokenPriceRoutes.js';
import { siweRoutes } from './modules/siwe/siweRoutes.js';
import { telegramRoutes } from './modules/telegram/telegramRoutes.js';
import { embeddedWalletPageRoutes } from './modules/wallets/embeddedWalletPage.js';
import { walletRoutes } from './modules/wallets/walletRoutes.js';

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
