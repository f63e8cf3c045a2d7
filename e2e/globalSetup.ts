import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type Stack, startStack } from '../scripts/stack.mjs';
import { readKeyMaterial, scanDataDir } from './keyMaterialScan.js';
import { packAll } from './sharedPack.js';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    demoUrl: string;
    demoAppId: string;
    demoClientId: string;
    /** The stack's dev chain (anvil, chain id 31337) for specs that send transactions. */
    chainUrl: string;
    /** The stack's dev IdP (apps/dev-idp): OAuth stand-ins under /<provider>, Telegram's /auth, /custom/token. */
    devIdpUrl: string;
    /** Where wallet specs record the key material they know, for the teardown's database scan. */
    keyMaterialFile: string;
    /** The server's data directory: the CLI reaches the running server through it (LATCH_DATA_DIR). */
    dataDir: string;
    /** Where the run's one build and pack of the workspaces lands (e2e/sharedPack.ts). */
    packDir: string;
  }
}

/** Starts the real product (server on a fresh PGlite, demo host app) once for the e2e suite. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'latch-e2e-'));
  const stack: Stack = await startStack({
    apiPort: Number(process.env.E2E_API_PORT ?? 18787),
    demoPort: Number(process.env.E2E_DEMO_PORT ?? 15173),
    // Its own port beside a running `npm start` (8545).
    anvilPort: Number(process.env.E2E_ANVIL_PORT ?? 18545),
    // Its own port beside a running `npm start` (8790).
    devIdpPort: Number(process.env.E2E_DEV_IDP_PORT ?? 18790),
    dataDir,
    quiet: true,
    extraEnv: {
      // Every browser test sends from 127.0.0.1: lift the per-IP send limit for the suite only.
      LATCH_SEND_LIMIT_PER_IP: '1000/600',
      // The suite's stack is its own: a fresh embedded database, whatever DATABASE_URL/REDIS_URL say
      // (a shared PostgreSQL could hold apps sealed under another dev master key).
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    // The files run side by side and several send from anvil's first account (scripts/chainSendQueue.mjs).
    queueChainSends: true,
    // Pages load a build, not modules Vite transforms on request (scripts/stackDemo.mjs).
    builtDemo: true,
  });
  project.provide('apiUrl', stack.apiUrl);
  project.provide('demoUrl', stack.demoUrl);
  project.provide('demoAppId', stack.appId);
  project.provide('demoClientId', stack.clientId);
  project.provide('chainUrl', stack.chainUrl);
  project.provide('devIdpUrl', stack.devIdpUrl);
  const keyMaterialFile = `${dataDir}-key-material.jsonl`;
  project.provide('keyMaterialFile', keyMaterialFile);
  project.provide('dataDir', dataDir);
  // Packed while the files run; the packaging specs wait for it (e2e/sharedPack.ts).
  const packDir = mkdtempSync(join(tmpdir(), 'latch-e2e-packs-'));
  const packing = packAll(packDir);
  project.provide('packDir', packDir);
  return async () => {
    await packing;
    rmSync(packDir, { recursive: true, force: true });
    await stack.stop();
    try {
      // After every wallet flow: the database holds none of the secrets the flows know (plain, hex, base64).
      const secrets = readKeyMaterial(keyMaterialFile);
      const findings = secrets.length > 0 ? await scanDataDir(dataDir, secrets) : [];
      console.info(`[e2e] key material scan: ${secrets.length} known secrets, ${findings.length} found`);
      if (findings.length > 0) {
        const list = findings.map((f) => `${f.label} (${f.encoding}) in ${f.where}`).join('; ');
        // A teardown error alone does not fail a vitest run: set the exit code as well.
        process.exitCode = 1;
        throw new Error(`Plaintext key material in the e2e database: ${list}`);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(keyMaterialFile, { force: true });
    }
  };
}
