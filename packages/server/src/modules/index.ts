import type { LatchModule } from '../kernel/module.js';
import { adminApiModule } from './adminApi/index.js';
import { analyticsModule } from './analytics/index.js';
import { captchaModule } from './captcha/index.js';
import { cloudBackupModule } from './cloudBackup/index.js';
import { customJwtModule } from './customJwt/index.js';
import { devModule } from './dev/index.js';
import { farcasterModule } from './farcaster/index.js';
import { mfaModule } from './mfa/index.js';
import { oauthModule } from './oauth/index.js';
import { onRampModule } from './onRamp/index.js';
import { passkeysModule } from './passkeys/index.js';
import { passwordlessModule } from './passwordless/index.js';
import { pricesModule } from './prices/index.js';
import { siweModule } from './siwe/index.js';
import { telegramModule } from './telegram/index.js';
import { walletsModule } from './wallets/index.js';
import { webhooksModule } from './webhooks/index.js';

/** The modules a server runs unless told otherwise, in route order. Add an area: one line here. */
export const defaultModules: readonly LatchModule[] = [
  analyticsModule,
  devModule,
  captchaModule,
  passwordlessModule,
  siweModule,
  passkeysModule,
  telegramModule,
  farcasterModule,
  customJwtModule,
  oauthModule,
  walletsModule,
  cloudBackupModule,
  mfaModule,
  pricesModule,
  onRampModule,
  webhooksModule,
  adminApiModule,
];
