import type { ChildProcess } from 'node:child_process';

/** Types of localChain.mjs for the dev stack and the integration tests. */
export declare const DEV_CHAIN_ID: 31337;
export declare const ANVIL_FUNDED_KEY: `0x${string}`;
export declare function anvilBinary(): string;
export declare function waitForChain(
  url: string,
  chainId: number,
  child?: ChildProcess,
  timeoutMs?: number,
): Promise<void>;
export declare function anvilArgs(port: number, chainId?: number, options?: { allowOrigin?: string }): string[];
/** A running anvil node. */
export interface LocalChain {
  url: string;
  chainId: number;
  stop(): Promise<void>;
}
export declare function startLocalChain(chainId?: number): Promise<LocalChain>;
