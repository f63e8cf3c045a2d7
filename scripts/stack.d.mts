import type { ChildProcess } from 'node:child_process';

/** Types of stack.mjs for the e2e global setup and the bench. */
export declare const ROOT: string;
export declare function runCli(args: string[], env?: Record<string, string>): string;
export declare function ensureDemoApp(
  origin: string,
  env?: Record<string, string>,
): { appId: string; clientId: string };
export declare function waitForHttp(url: string, timeoutMs?: number): Promise<void>;
export interface Stack {
  apiUrl: string;
  demoUrl: string;
  appId: string;
  clientId: string;
  children: ChildProcess[];
  stop(): Promise<void>;
}
export declare function startStack(options: {
  apiPort: number;
  demoPort: number;
  dataDir: string;
  quiet?: boolean;
  extraEnv?: Record<string, string>;
}): Promise<Stack>;
