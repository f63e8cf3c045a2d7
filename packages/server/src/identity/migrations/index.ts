import type { Migration } from 'kysely';
import * as core001 from './001_core.js';
import * as sessionFamilies013 from './013_session_families.js';
import * as loginCredentials017 from './017_login_credentials.js';
import * as securityEvents022 from './022_security_events.js';
import * as userCustomMetadata025 from './025_user_custom_metadata.js';

/** Identity's migrations: apps, users, accounts, sessions, login credentials, security events. */
export const identityMigrations: Readonly<Record<string, Migration>> = {
  '001_core': core001,
  '013_session_families': sessionFamilies013,
  '017_login_credentials': loginCredentials017,
  '022_security_events': securityEvents022,
  '025_user_custom_metadata': userCustomMetadata025,
};
