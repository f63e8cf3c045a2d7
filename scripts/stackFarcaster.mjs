// The Farcaster part of the dev stack (scripts/stack.mjs, docs/farcaster.md): the server reads the ID registry on
// the dev chain and sends signer requests to the dev IdP's stand-in of Farcaster's API; the dev IdP deploys the
// registry, registers the test fids, and posts the approvals its /farcaster page gives to the server's relay.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** FARCASTER_RELAY_BASE of @latch/protocol/farcaster (this script runs without the TypeScript sources). */
const FARCASTER_RELAY_BASE = '/api/v1/farcaster/relay';

/** The server's Farcaster settings for a stack: the dev chain, the stand-in's API, a fresh relay key. */
export function farcasterServerEnv(chainUrl, devIdpUrl) {
  return {
    LATCH_FARCASTER_RPC_URL: chainUrl,
    LATCH_FARCASTER_API_URL: `${devIdpUrl}/farcaster/api`,
    LATCH_FARCASTER_RELAY_KEY: randomBytes(24).toString('hex'),
  };
}

/** The dev IdP's Farcaster settings: the server's relay and its key. */
export function farcasterDevIdpEnv(serverEnv) {
  return {
    DEV_IDP_FARCASTER_RELAY_URL: `${serverEnv.LATCH_PUBLIC_URL}${FARCASTER_RELAY_BASE}`,
    DEV_IDP_FARCASTER_RELAY_KEY: serverEnv.LATCH_FARCASTER_RELAY_KEY,
  };
}

/** Sets the server's LATCH_FARCASTER_ID_REGISTRY to the registry the dev IdP deployed (its description file). */
export function useDevIdRegistry(serverEnv, devIdpFile) {
  const idRegistry = JSON.parse(readFileSync(devIdpFile, 'utf8')).farcaster?.id_registry;
  if (idRegistry) serverEnv.LATCH_FARCASTER_ID_REGISTRY = idRegistry;
}
