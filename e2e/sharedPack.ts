// One build and `npm pack` per run for the packaging checks: the fresh apps (freshAppVite.spec.ts and
// freshAppNext.spec.ts: protocol, core, react, node) and the server from its tarball (serverTarball.spec.ts:
// protocol, server). `npm test` made it beside the typecheck (scripts/sharedBuild.mjs); the global setup hands its
// tarballs to the specs when it was made from the tree under test (its source and output hashes match). Otherwise
// (the e2e suite run alone, or the tree changed since) the global setup makes it, once the stack is up (the stack
// built the wallet frame the server's bundle embeds, which is not rebuilt under the running server), while the
// files run; the specs wait for the report, each for the tarballs it installs.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { currentSharedBuild } from '../scripts/sharedBuild.mjs';
import { ROOT } from '../scripts/stack.mjs';

const run = promisify(execFile);

/** Where the pack's report lands: tarball paths by package name, whether all are packed, or the error that stopped it. */
const reportOf = (dir: string) => join(dir, 'packed.json');

/** What the report says. */
interface PackReport {
  tarballs: Record<string, string>;
  done: boolean;
  error?: string;
}

/** Writes the report atomically (a rename): a reader never sees half of it. */
function writeReport(dir: string, report: PackReport): void {
  writeFileSync(`${reportOf(dir)}.tmp`, JSON.stringify(report));
  renameSync(`${reportOf(dir)}.tmp`, reportOf(dir));
}

/**
 * Reports the tarballs of the shared build of the current tree into `dir`; makes that build first when there is none
 * (in a child process: the declaration pass would hold this one, which serves the test workers, for half a minute).
 */
export async function packAll(dir: string): Promise<void> {
  try {
    let tarballs = currentSharedBuild(ROOT);
    if (!tarballs) {
      await run(process.execPath, [join(ROOT, 'scripts/sharedBuild.mjs'), '--frame-built'], {
        cwd: ROOT,
        maxBuffer: 64 << 20,
      });
      tarballs = currentSharedBuild(ROOT);
      if (!tarballs) throw new Error('scripts/sharedBuild.mjs recorded no build of the current tree');
    }
    writeReport(dir, { tarballs, done: true });
  } catch (error) {
    writeReport(dir, { tarballs: {}, done: false, error: String(error) });
  }
}

/** Waits until the run's pack in `dir` has the tarballs of `names` (`@latch/…`); returns their paths; throws its error. */
export async function packedTarballs(dir: string, names: readonly string[], timeoutMs = 300_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const report = existsSync(reportOf(dir))
      ? (JSON.parse(readFileSync(reportOf(dir), 'utf8')) as PackReport)
      : undefined;
    if (report?.error) throw new Error(`The e2e pack failed: ${report.error}`);
    if (report && names.every((name) => report.tarballs[name])) return names.map((name) => report.tarballs[name] ?? '');
    if (report?.done)
      throw new Error(`npm pack made no tarball for ${names.filter((n) => !report.tarballs[n]).join(', ')}`);
    if (Date.now() > deadline) throw new Error(`The e2e pack did not finish within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
