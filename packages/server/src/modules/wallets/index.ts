import { authenticateUser } from '../../identity/http/requireCaller.js';
import { loadRecoveryKeys } from '../../kernel/crypto/recoveryKey.js';
import type { CallerCheck } from '../../kernel/http/env.js';
import type { LatchModule } from '../../kernel/module.js';
import type { OneTimeCodes } from '../passwordless/OneTimeCodes.js';
import { buildCustody } from './custodyFor.js';
import { authenticateDevice, type CallingDevice } from './custodyRoute.js';
import { deviceGrantPlan } from './deviceGrants.js';
import { DeviceKeys } from './deviceKeys.js';
import { embeddedWalletPageRoutes, frameReadiness } from './embeddedWalletPage.js';
import { buildExportCodes } from './exportStepUp.js';
import * as wallets010 from './migrations/010_wallets.js';
import * as deviceKeys012 from './migrations/012_device_keys.js';
import * as cloudBackup028 from './migrations/028_wallet_cloud_backup.js';
import type { WalletCustody } from './walletCustody.js';
import { walletRoutes } from './walletRoutes.js';
import { walletSealing } from './walletSealing.js';

declare module '../../kernel/context.js' {
  interface Services {
    /** Export step-up codes: their own HMAC key and namespace (modules/wallets/exportStepUp.ts). */
    exportCodes: OneTimeCodes;
    custody: WalletCustody;
    deviceKeys: DeviceKeys;
  }
}

declare module '../../kernel/http/env.js' {
  interface RequestVariables {
    /** The proven device of a custody call (callers `frame`, `new-device`). */
    device: CallingDevice;
  }
  interface CallerKinds {
    /** A custody call: an access token and a device proof by a registered device key. */
    frame: true;
    /** The same with a device key not registered yet (the device registration call). */
    'new-device': true;
  }
}

/** The custody caller check: the user's token, then the device proof (registered, or `unregisteredDevice`). */
const deviceCaller =
  (unregisteredDevice: boolean): CallerCheck =>
  async (c, next) => {
    await authenticateUser(c);
    c.set('device', await authenticateDevice(c, { unregisteredDevice }));
    await next();
  };

/** The embedded wallet: custody, device keys, export, and the wallet frame's page (SPEC §7 "Embedded wallet"). */
export const walletsModule: LatchModule = {
  id: 'wallets',
  requires: ['mfa', 'passwordless'],
  // Every key (the recovery key included) is loaded before the database opens: a missing one stops the start.
  checkKeys: (settings, masterKey) => void loadRecoveryKeys(settings, masterKey),
  services: (ctx, { masterKey }) => {
    return {
      exportCodes: buildExportCodes(ctx, masterKey),
      custody: buildCustody(ctx),
      deviceKeys: new DeviceKeys(ctx.db, ctx.clock),
    };
  },
  callers: { frame: deviceCaller(false), 'new-device': deviceCaller(true) },
  routes: [...walletRoutes, ...embeddedWalletPageRoutes],
  readiness: (ctx) => frameReadiness(ctx.settings),
  migrations: {
    '010_wallets': wallets010,
    '012_device_keys': deviceKeys012,
    '028_wallet_cloud_backup': cloudBackup028,
  },
  sealed: walletSealing,
  // A fresh authentication's device-registration grant (docs/custody.md): only logins mint one.
  onSessionStarted: (_ctx, session) => deviceGrantPlan(session),
};
