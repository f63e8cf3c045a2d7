import { type DevIdRegistry, deployIdRegistry } from '@latch/dev-idp';
import type { LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll } from 'vitest';
import { type LocalChain, startLocalChain } from '../../../../../../scripts/localChain.mjs';
import type { TestServer } from '../../../test/harness.js';
import { configureFarcaster } from '../index.js';

/** A Farcaster account on the dev chain: its fid and the custody key that signs for it. */
export interface TestFid {
  fid: number;
  custody: LocalAccount;
}

/** The dev chain of a test file, with Farcaster's IdRegistry deployed on it. */
export interface FarcasterChain {
  chain: LocalChain;
  registry: DevIdRegistry;
  /** Registers a new fid with a fresh custody key. */
  newFid(): Promise<TestFid>;
  /** Points the server's Farcaster services at this chain's node and registry. */
  configure(server: TestServer, options?: { relayKey?: string; apiUrl?: string; rpcUrl?: string }): void;
}

/**
 * A real local EVM (anvil) for a test file with the real IdRegistry on it (apps/dev-idp/src/farcaster): every
 * custody lookup in the tests is a `custodyOf` call through the node, as against OP Mainnet.
 */
export function sharedFarcasterChain(): () => FarcasterChain {
  let running: FarcasterChain | undefined;
  beforeAll(async () => {
    const chain = await startLocalChain(31337);
    const registry = await deployIdRegistry(chain.url);
    running = {
      chain,
      registry,
      async newFid() {
        const custody = privateKeyToAccount(generatePrivateKey());
        return { fid: await registry.register(custody.address), custody };
      },
      configure(server, options = {}) {
        configureFarcaster(server.ctx, { rpcUrl: chain.url, idRegistry: registry.address, ...options });
      },
    };
  }, 180_000);
  afterAll(async () => {
    await running?.chain.stop();
  });
  return () => {
    if (!running) throw new Error('The Farcaster dev chain is not started: call sharedFarcasterChain() at the top.');
    return running;
  };
}
