import type { LatchModule } from '../../kernel/module.js';
import { CloudBackups } from './CloudBackups.js';
import { cloudBackupRoutes } from './cloudBackupRoutes.js';

declare module '../../kernel/context.js' {
  interface Services {
    /** Cloud backups' recovery OAuth and tickets (modules/cloudBackup, docs/cloud-backup.md). */
    cloudBackups: CloudBackups;
  }
}

/** Cloud backups of the wallet's recovery: Google Drive and iCloud (SPEC §7 "Recovery OAuth"). */
export const cloudBackupModule: LatchModule = {
  id: 'cloudBackup',
  requires: ['wallets'],
  services: (ctx, { masterKey }) => ({ cloudBackups: new CloudBackups(ctx, masterKey) }),
  routes: cloudBackupRoutes,
};
