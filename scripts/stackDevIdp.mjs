// What the dev stack's server learns from the dev IdP's description file (apps/dev-idp/src/describeDevIdp.ts): the
// Farcaster ID registry it deployed (scripts/stackFarcaster.mjs) and where its cloud backup stand-ins are — Google
// Drive v3 (appDataFolder) and CloudKit web services with this start's API token (docs/cloud-backup.md).
import { readFileSync } from 'node:fs';
import { useDevIdRegistry } from './stackFarcaster.mjs';

export { farcasterDevIdpEnv, farcasterServerEnv } from './stackFarcaster.mjs';

/** Sets the server's Farcaster registry and cloud backup settings to the dev IdP's stand-ins (its description file). */
export function useDevIdpDescription(serverEnv, devIdpFile) {
  useDevIdRegistry(serverEnv, devIdpFile);
  const clouds = JSON.parse(readFileSync(devIdpFile, 'utf8')).clouds;
  if (!clouds) return;
  serverEnv.LATCH_GOOGLE_DRIVE_API_URL = clouds.google_drive_api_url;
  serverEnv.LATCH_CLOUDKIT_API_URL = clouds.cloudkit.api_url;
  serverEnv.LATCH_CLOUDKIT_CONTAINER = clouds.cloudkit.container;
  serverEnv.LATCH_CLOUDKIT_ENVIRONMENT = clouds.cloudkit.environment;
  serverEnv.LATCH_CLOUDKIT_API_TOKEN = clouds.cloudkit.api_token;
}
