#!/usr/bin/env node
// How long `latch-server start` takes on the embedded database (PGlite): from spawn to the first 200 of /healthz,
// on a fresh data directory (first start: creates the database, runs every migration) and on that same directory
// again (second start: what a restart costs). The built program (dist/cli.js, what the package's bin runs) and the
// source through tsx (what a checkout runs) side by side. Run: node bench/server/startTime.mjs [runs]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/freePort.mjs';

/**
 * CPU time (user + system) a process has used so far, from /proc on Linux (else undefined): on a loaded machine
 * a steadier figure than the wall clock. Clock ticks are 100 per second on Linux.
 */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** Spawns `node ...args start`; resolves to the milliseconds until /healthz answers 200 (polled every 5 ms) and the CPU it used. */
async function timeStart(args, dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...args, 'start'], {
    env: {
      PATH: process.env.PATH,
      LATCH_DEV: '1',
      LATCH_PORT: String(port),
      LATCH_DATA_DIR: dataDir,
      LATCH_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`latch-server exited (${child.exitCode})`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return { ms: performance.now() - started, cpuMs: cpuMsOf(child.pid) };
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** First and second start of the built server and of the source, `runs` times each; medians in ms. */
export async function startTimeFigures(root, runs = 3) {
  // The built server imports @latch/protocol's build: both are built first (the server's build includes the frame).
  const build = spawnSync('npm', ['run', 'build', '-w', '@latch/protocol', '-w', '@latch/server'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (build.status !== 0) return { runs, rows: [{ name: 'build', error: `npm run build failed: ${build.stderr}` }] };
  const built = join(root, 'packages/server/dist/cli.js');
  const variants = [
    ['built (dist/cli.js)', [built]],
    ['source (tsx)', ['--conditions=@latch/source', '--import', 'tsx', join(root, 'packages/server/src/cli.ts')]],
  ];
  const rows = [];
  for (const [name, args] of variants) {
    if (!existsSync(args.at(-1))) {
      rows.push({ name, error: `${args.at(-1)} is missing (npm run build -w @latch/server)` });
      continue;
    }
    const first = [];
    const second = [];
    for (let i = 0; i < runs; i++) {
      const dir = mkdtempSync(join(tmpdir(), 'latch-start-'));
      try {
        first.push(await timeStart(args, join(dir, '.latch')));
        second.push(await timeStart(args, join(dir, '.latch')));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    const cpu = (runs) => (runs.every((r) => r.cpuMs !== undefined) ? median(runs.map((r) => r.cpuMs)) : undefined);
    rows.push({
      name,
      first: median(first.map((r) => r.ms)),
      second: median(second.map((r) => r.ms)),
      firstCpu: cpu(first),
      secondCpu: cpu(second),
    });
  }
  return { runs, rows };
}

const cpuNote = (cpuMs) => (cpuMs === undefined ? '' : ` (CPU ${Math.round(cpuMs)} ms)`);

/** The figures as printed lines. */
export function formatStartTimeFigures({ runs, rows }) {
  return [
    `Server start on the embedded database (spawn to first 200 of /healthz, wall clock and the server process's CPU, median of ${runs}):`,
    ...rows.map((r) =>
      r.error
        ? `  ${r.name}: ${r.error}`
        : `  ${r.name}: first start ${Math.round(r.first)} ms${cpuNote(r.firstCpu)}, second start ${Math.round(r.second)} ms${cpuNote(r.secondCpu)}`,
    ),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
  for (const line of formatStartTimeFigures(await startTimeFigures(root, Number(process.argv[2] ?? 3))))
    console.log(line);
}
