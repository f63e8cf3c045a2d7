#!/usr/bin/env node
// `npm start`: the auth server with its embedded database, a demo app, the demo host app, a local
// dev chain (anvil) and the development identity providers (stand-ins for the OAuth providers, Telegram,
// a custom-token issuer and MoonPay, which pays test ETH on the dev chain), in one terminal. Ctrl-C stops all of it. Ports: LATCH_PORT (8787),
// DEMO_PORT (5173), ANVIL_PORT (8545) and DEV_IDP_PORT (8790).
import { join } from 'node:path';
import { ROOT, startStack } from './stack.mjs';

const apiPort = Number(process.env.LATCH_PORT ?? 8787);
const demoPort = Number(process.env.DEMO_PORT ?? 5173);
const anvilPort = Number(process.env.ANVIL_PORT ?? 8545);
const devIdpPort = Number(process.env.DEV_IDP_PORT ?? 8790);
const dataDir = process.env.LATCH_DATA_DIR ?? join(ROOT, '.latch');

let stack;
try {
  stack = await startStack({ apiPort, demoPort, anvilPort, devIdpPort, dataDir });
} catch (error) {
  console.error(`Latch could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
console.log(`
  Latch is running.
    App id:       ${stack.appId}
    Client id:    ${stack.clientId}
    Auth server:  ${stack.apiUrl}
    Dev outbox:   ${stack.apiUrl}/dev/outbox
    Demo app:     ${stack.demoUrl}
    Dev chain:    ${stack.chainUrl} (anvil, chain id ${stack.chainId}; 'Get test ETH' in the demo)
    Dev IdP:      ${stack.devIdpUrl} (stand-ins for Google, Apple, … Telegram, a custom-token issuer and MoonPay; not the real ones)
  Press Ctrl-C to stop.
`);

let stopping = false;
const shutdown = async (code) => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(code);
};
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
for (const child of stack.children) {
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`A process stopped (exit ${code}); stopping the rest.`);
      shutdown(code ?? 1);
    }
  });
}
