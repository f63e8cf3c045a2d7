// One build and `npm pack` per e2e run for the packaging checks: the fresh apps (freshAppVite.spec.ts and
// freshAppNext.spec.ts: protocol, core, react, node) and the server from its tarball (serverTarball.spec.ts:
// protocol, server). The global setup packs once the stack is up (the stack built the wallet frame the server's
// bundle embeds) while the files run; the specs wait for the report, each for the tarballs it installs. Each
// package is built by its own tsdown configuration (what its prepack runs), then packed with scripts off so
// nothing rebuilds the wallet frame under the running server.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { packReport } from '../scripts/packReport.mjs';
import { ROOT } from '../scripts/stack.mjs';
import { PUBLISHED_PACKAGES } from '../scripts/tsdown.base.mjs';

const run = promisify(execFile);

/**
 * The workspaces the packaging checks install, in the order they are packed: the client packages first (the fresh
 * apps, the longest checks, wait for them), then the server (serverTarball.spec.ts).
 */
const GROUPS = [PUBLISHED_PACKAGES, ['server']];

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

/** Builds and packs every workspace of GROUPS into `dir`, rewriting the report after each group. */
export async function packAll(dir: string): Promise<void> {
  const report: PackReport = { tarballs: {}, done: false };
  try {
    const tsdown = join(ROOT, 'node_modules/.bin/tsdown');
    for (const group of GROUPS) {
      // Children, one after another: the builds write each package's dist, the pack reads them.
      for (const name of group) await run(tsdown, [], { cwd: join(ROOT, 'packages', name), maxBuffer: 64 << 20 });
      const { stdout } = await run(
        'npm',
        [
          'pack',
          '--ignore-scripts',
          '--json',
          '--pack-destination',
          dir,
          ...group.flatMap((n) => ['-w', `packages/${n}`]),
        ],
        { cwd: ROOT, maxBuffer: 64 << 20 },
      );
      for (const packed of packReport(stdout)) report.tarballs[packed.name] = join(dir, packed.filename);
      if (group !== GROUPS.at(-1)) writeReport(dir, report);
    }
    report.done = true;
  } catch (error) {
    report.error = String(error);
  }
  writeReport(dir, report);
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
