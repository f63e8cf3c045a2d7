import { type ChildProcess, spawn } from 'node:child_process';

/** The HTML comment that marks the README's production snippet (the ```sh block right after it). */
const SNIPPET_MARK = '<!-- readme-production-snippet';

/** The shell block that follows the mark in `readme`, as written (throws when the mark or block is missing). */
export function productionSnippet(readme: string): string {
  const mark = readme.indexOf(SNIPPET_MARK);
  const open = readme.indexOf('```sh\n', mark);
  const close = readme.indexOf('\n```\n', open);
  if (mark < 0 || open < 0 || close < 0 || readme.slice(mark, open).includes('\n\n'))
    throw new Error('README.md has no ```sh block right after the readme-production-snippet mark.');
  return readme.slice(open + '```sh\n'.length, close + 1);
}

/** A child process in its own process group, with its output kept for the test to read. */
export interface Watched {
  child: ChildProcess;
  output(): string;
  /** Resolves with the first match of `pattern` in the output; rejects when the process exits first or on timeout. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray>;
  /** Stops the whole group (npx, the wrapper, the server) and waits for the leader to exit. */
  stop(): Promise<void>;
}

/** Spawns `command` detached (a group of its own, so `stop` ends npx and the server it runs together). */
export function watch(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Watched {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    text += String(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => text,
    async waitFor(pattern, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = text.match(pattern);
        if (match) return match;
        if (child.exitCode !== null)
          throw new Error(`${command} exited (${child.exitCode}) before ${pattern}:\n${text}`);
        if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms:\n${text}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-(child.pid as number), 'SIGTERM');
      } catch {
        return;
      }
      await exited;
    },
  };
}
