// One build and `npm pack` per e2e run for the packaging checks: the fresh apps (freshApp.spec.ts: protocol, core,
// react, node) and the server from its tarball (serverTarball.spec.ts: protocol, server). The global setup packs
// once the stack is up (the stack built the wallet frame the server's bundle embeds) while the files run; the
// two specs wait for the report. Each package is built by its own tsdown configuration (what its prepack runs),
// then packed with scripts off so nothing rebuilds the wallet frame under the running server.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { packReport } from '../scripts/packReport.mjs';
import { ROOT } from '../scripts/stack.mjs';
import { PUBLISHED_PACKAGES } from '../scripts/tsdown.base.mjs';

const run = promisify(execFile);

/** The workspaces the packaging checks install. */
const PACKED = [...PUBLISHED_PACKAGES, 'server'];

/** Where the pack's report lands: tarball paths by package name, or the error that stopped it. */
const reportOf = (dir: string) => join(dir, 'packed.json');

/** Builds and packs every PACKED workspace into `dir`, then writes the report (atomically: a rename). */
export async function packAll(dir: string): Promise<void> {
  let report: { tarballs?: Record<string, string>; error?: string };
  try {
    const tsdown = join(ROOT, 'node_modules/.bin/tsdown');
    // Children, one after another: the builds write each package's dist, the pack reads them.
    for (const name of PACKED) await run(tsdown, [], { cwd: join(ROOT, 'packages', name), maxBuffer: 64 << 20 });
    const { stdout } = await run(
      'npm',
      [
        'pack',
        '--ignore-scripts',
        '--json',
        '--pack-destination',
        dir,
        ...PACKED.flatMap((n) => ['-w', `packages/${n}`]),
      ],
      { cwd: ROOT, maxBuffer: 64 << 20 },
    );
    report = { tarballs: Object.fromEntries(packReport(stdout).map((p) => [p.name, join(dir, p.filename)])) };
  } catch (error) {
    report = { error: String(error) };
  }
  writeFileSync(`${reportOf(dir)}.tmp`, JSON.stringify(report));
  renameSync(`${reportOf(dir)}.tmp`, reportOf(dir));
}

/** Waits for the run's pack in `dir` and returns the tarball paths of `names` (`@latch/…`); throws its error. */
export async function packedTarballs(dir: string, names: readonly string[], timeoutMs = 300_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(reportOf(dir))) {
    if (Date.now() > deadline) throw new Error(`The e2e pack did not finish within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const { tarballs, error } = JSON.parse(readFileSync(reportOf(dir), 'utf8')) as {
    tarballs?: Record<string, string>;
    error?: string;
  };
  if (!tarballs) throw new Error(`The e2e pack failed: ${error}`);
  return names.map((name) => {
    const path = tarballs[name];
    if (!path) throw new Error(`npm pack made no tarball for ${name}`);
    return path;
  });
}
