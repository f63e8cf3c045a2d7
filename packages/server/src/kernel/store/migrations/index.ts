import type { Migration } from 'kysely';
import * as securityEvents022 from '../../../identity/securityEvents/securityEventsMigration.js';
import * as wallets010 from '../../../modules/wallets/walletsMigration.js';
import * as core001 from './001_core.js';
import * as shortLived002 from './002_short_lived.js';
import * as shortLivedUnlogged011 from './011_short_lived_unlogged.js';
import * as deviceKeys012 from './012_device_keys.js';
import * as sessionFamilies013 from './013_session_families.js';
import * as durableCounters014 from './014_durable_counters.js';
import * as passkeys015 from './015_passkeys.js';
import * as mfa016 from './016_mfa.js';
import * as loginCredentials017 from './017_login_credentials.js';
import * as appSecrets018 from './018_app_secrets.js';
import * as webhooks019 from './019_webhooks.js';
import * as mfaRecoveryCodes024 from './024_mfa_recovery_codes.js';
import * as userCustomMetadata025 from './025_user_custom_metadata.js';

/**
 * Every migration, in order. A static list (not a folder scan) so bundlers keep them.
 * Add a migration: create `NNN_name.ts` beside this file and append one line here.
 */
export const migrations: Record<string, Migration> = {
  '001_core': core001,
  '002_short_lived': shortLived002,
  '010_wallets': wallets010,
  '011_short_lived_unlogged': shortLivedUnlogged011,
  '012_device_keys': deviceKeys012,
  '013_session_families': sessionFamilies013,
  '014_durable_counters': durableCounters014,
  '015_passkeys': passkeys015,
  '016_mfa': mfa016,
  '017_login_credentials': loginCredentials017,
  '018_app_secrets': appSecrets018,
  '019_webhooks': webhooks019,
  '022_security_events': securityEvents022,
  '024_mfa_recovery_codes': mfaRecoveryCodes024,
  '025_user_custom_metadata': userCustomMetadata025,
};
