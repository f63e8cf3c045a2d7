import type { ChildProcess } from 'node:child_process';

/** Types of stack.mjs for the e2e global setup and the bench. */
export declare const ROOT: string;
export declare function runCli(args: string[], env?: Record<string, string>): string;
export declare function ensureDemoApp(
  origin: string,
  env?: Record<string, string>,
  devIdpFile?: string,
): { appId: string; clientId: string };
export declare function waitForHttp(url: string, timeoutMs?: number): Promise<void>;
export declare function waitForFile(path: string, child: ChildProcess, timeoutMs?: number): Promise<void>;
export { anvilBinary, DEV_CHAIN_ID, waitForChain } from './localChain.mjs';
export declare function withDevChainRpc(rpcUrls: string | undefined, chainUrl: string): string;
export interface Stack {
  apiUrl: string;
  demoUrl: string;
  /** The dev chain (anvil) JSON-RPC URL, on 127.0.0.1. */
  chainUrl: string;
  chainId: number;
  /** The dev IdP (apps/dev-idp: the OAuth providers under /<provider>, Telegram's /auth, /custom), on 127.0.0.1. */
  devIdpUrl: string;
  appId: string;
  clientId: string;
  children: ChildProcess[];
  stop(): Promise<void>;
}
export declare function startStack(options: {
  apiPort: number;
  demoPort: number;
  /** The dev chain's port (default 8545). */
  anvilPort?: number;
  /** The dev IdP's port (default 8790). */
  devIdpPort?: number;
  dataDir: string;
  quiet?: boolean;
  extraEnv?: Record<string, string>;
  /** Anvil behind a queue that lets one eth_sendTransaction through at a time (files sending side by side). */
  queueChainSends?: boolean;
  /** The demo built once and served as static files (`vite preview`), not by the dev server. */
  builtDemo?: boolean;
}): Promise<Stack>;
