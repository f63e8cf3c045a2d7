// The Vite app's host backend (freshAppVite.spec.ts): backend.mjs (WEBHOOK_BACKEND) run in the app, and the lines
// it prints, one JSON object per request it judged.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** One line the webhook backend printed. */
export type BackendLine = {
  port?: number;
  verified?: { type: string; data: { user: { id: string } } };
  refused?: string;
};

/** Starts backend.mjs in the app; resolves with the child, its port and the lines it prints. */
export async function startBackend(appDir: string, secretFile: string) {
  const child = spawn(process.execPath, ['backend.mjs', secretFile], {
    cwd: appDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: BackendLine[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => lines.push(JSON.parse(line) as BackendLine));
  const deadline = Date.now() + 10_000;
  while (!lines[0]?.port) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('backend.mjs did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, port: lines[0].port, lines };
}

/** Waits until `lines` has one matching `match`, and returns it. */
export async function lineWhere(lines: BackendLine[], match: (line: BackendLine) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = lines.find(match);
    if (line) return line;
    if (Date.now() > deadline) throw new Error(`no such line within ${timeoutMs} ms: ${JSON.stringify(lines)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
