// The dev IdP on its own (scripts/stack.mjs runs it for `npm start` and the e2e stack):
//   LATCH_DEV=1 DEV_IDP_PORT=8790 DEV_IDP_REDIRECT_URIS=<callback,…> DEV_IDP_CUSTOM_TOKEN_ORIGINS=<origin,…>
//   DEV_IDP_CHAIN_RPC_URL=<dev chain URL> DEV_IDP_DESCRIPTION_FILE=<path> node --import tsx apps/dev-idp/src/main.ts
// It writes its clients' ids and secrets to DEV_IDP_DESCRIPTION_FILE (mode 0600) for `apps ensure-demo --dev-idp`.
// DEV_IDP_CHAIN_RPC_URL is where the MoonPay stand-in pays completed purchases (none: they fail, saying why) and
// where the Farcaster stand-in deploys the IdRegistry; DEV_IDP_FARCASTER_RELAY_URL (Latch's relay) and
// DEV_IDP_FARCASTER_RELAY_KEY are where and with what key it posts the approvals its page gives.
import { renameSync, writeFileSync } from 'node:fs';

// Two oidc-provider warnings say nothing a developer running npm start can act on: Node 20 is not an LTS
// it lists (it runs), and the stand-in hands it token requests already read (its documented fallback).
const KNOWN_WARNINGS = [
  'oidc-provider WARNING: Unsupported runtime',
  'oidc-provider WARNING: already parsed request body',
];
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  const text = String(args[0] ?? '');
  if (!KNOWN_WARNINGS.some((known) => text.includes(known))) warn(...args);
};
// Imported after the filter: oidc-provider warns while it loads.
const { describeDevIdp } = await import('./describeDevIdp.js');
const { startDevIdp } = await import('./startDevIdp.js');

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

if (process.env.LATCH_DEV !== '1') {
  console.error('The dev IdP stands in for real identity providers: it runs only in dev mode (LATCH_DEV=1).');
  process.exit(1);
}
const port = Number(process.env.DEV_IDP_PORT ?? 8790);
const redirectUris = list(process.env.DEV_IDP_REDIRECT_URIS);
if (!Number.isInteger(port) || port < 0 || port > 65535 || redirectUris.length === 0) {
  console.error('DEV_IDP_PORT must be a port and DEV_IDP_REDIRECT_URIS must list the Latch callback URL(s).');
  process.exit(1);
}
const idp = await startDevIdp({
  port,
  redirectUris,
  customTokenOrigins: list(process.env.DEV_IDP_CUSTOM_TOKEN_ORIGINS),
  chainRpcUrl: process.env.DEV_IDP_CHAIN_RPC_URL || undefined,
  farcasterRelay: process.env.DEV_IDP_FARCASTER_RELAY_URL || undefined,
  farcasterRelayKey: process.env.DEV_IDP_FARCASTER_RELAY_KEY || undefined,
}).catch((error: unknown) => {
  console.error(`The dev IdP could not start on port ${port}: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
const file = process.env.DEV_IDP_DESCRIPTION_FILE;
if (file) {
  // Atomically (temp file + rename): the stack reads the file as soon as it exists, and must never see it half written.
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(describeDevIdp(idp)), { mode: 0o600 });
  renameSync(temp, file);
}
console.log(`dev IdP (stand-ins, not real providers) on ${idp.url}`);

const stop = () => {
  idp.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
