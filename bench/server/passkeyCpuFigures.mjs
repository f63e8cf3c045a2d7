// Runs passkeyCpu.ts (through tsx, in its own process so nothing else shares its CPU counters) and
// returns its figures: server CPU per passkey login and per email-code login.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** `{ logins, passkeyMeanMs, passkeyMedianMs, emailMeanMs, emailMedianMs }`, or `{ failed }`. */
export async function passkeyCpuFigures(root) {
  try {
    const { stdout } = await run(
      process.execPath,
      ['--conditions=@latch/source', '--import', 'tsx', join(root, 'bench', 'server', 'passkeyCpu.ts')],
      {
        cwd: root,
        timeout: 180_000,
      },
    );
    return JSON.parse(stdout.trim().split('\n').at(-1));
  } catch (error) {
    return { failed: String(error.stderr || error.message).slice(-500) };
  }
}

/** The figures as printable lines. */
export function formatPasskeyCpuFigures(figures) {
  if (figures.failed) return [`Server CPU per login: FAILED — ${figures.failed}`];
  const ms = (value) => `${value.toFixed(2)} ms`;
  return [
    `Server CPU per login (in-process, PGlite in memory, process.cpuUsage around the server's calls, ${figures.logins} logins each, interleaved):`,
    `  passkey (authenticate/init + authenticate, ES256): mean ${ms(figures.passkeyMeanMs)}, median ${ms(figures.passkeyMedianMs)}`,
    `  email code (passwordless/init + authenticate):     mean ${ms(figures.emailMeanMs)}, median ${ms(figures.emailMedianMs)}`,
    `  passkey / email code: ${(figures.passkeyMeanMs / figures.emailMeanMs).toFixed(2)}× (mean)`,
  ];
}
