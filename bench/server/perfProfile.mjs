#!/usr/bin/env node
// CPU profile of the Latch server under the bench's load, by Linux `perf` (not part of `npm run bench`):
// samples the server process's CPU (every thread: JavaScript, native code, the kernel, GC and the
// compiler threads) over the measured window, and charges each sample to the JavaScript layer that
// caused it (the innermost JS frame: a dependency, a folder of the server, a node module). Unlike the
// inspector's profile (profileHost.mjs), which samples wall time on the main thread, a core taken by
// another process is not counted: there, `writev` showed 19 % because the kernel switched to the
// PostgreSQL backend it woke, which is not this process's CPU.
//
//   node bench/server/perfProfile.mjs <refresh|login> <postgres|pglite> [seconds] [warm-up seconds]
//   Needs `perf` (Debian: linux-perf) and permission to sample another process (root, or
//   kernel.perf_event_paranoid ≤ 1). BENCH_PERF_DATA=<file> keeps the recording.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer } from './childServer.mjs';
import { createPgliteDirectory, createPostgresDatabase } from './freshDatabase.mjs';
import { latchFlows } from './latchFlows.mjs';
import { figure, measureSlice, openClients, summarize } from './loadGenerator.mjs';

/** The layer a JS frame of `perf script` belongs to: a package, a server folder, a node module; undefined for native. */
export function layerOf(frame) {
  if (!frame.startsWith('JS:') && !frame.includes('wasm-function')) return undefined;
  const dependency = frame.match(/node_modules\/((?:@[^/]+\/)?[^/:]+)/)?.[1];
  if (dependency) return dependency;
  const ours = frame.match(/packages\/([^/]+\/src\/[^/:]+(?:\/[^/:]+)?)/)?.[1];
  if (ours) return ours.replace(/\.ts$/, '');
  const node = frame.match(/node:([a-z_/]+)/)?.[1];
  if (node) return `node:${node}`;
  return frame.includes('wasm') ? '(wasm)' : '(other JS)';
}

/** What a sample with no JS frame on its stack was doing: GC, compiling, the event loop, or other native work. */
function nativeKind(frames) {
  const stack = frames.join(' ');
  if (/Scavenger|MarkCompact|ConcurrentMarking|Sweeper|GCTracer|Heap::/.test(stack)) return '(garbage collector)';
  if (/compiler::|Compile|Maglev|Baseline/.test(stack)) return '(compiler)';
  if (/uv__io_poll|epoll_wait|uv_run/.test(stack)) return '(event loop, no JS)';
  return '(native, other)';
}

/**
 * Reads `perf script` text (samples with call chains) into `{ samples, layers, leaves }`: sample counts by
 * layer (each sample charged to its innermost JS frame's layer, or a native kind) and by innermost JS frame.
 */
export function chargeSamples(text) {
  const layers = new Map();
  const leaves = new Map();
  let samples = 0;
  const add = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((line) => line.trim());
    if (lines.length < 2) continue;
    samples += 1;
    const frames = lines.slice(1).map((line) => line.trim().replace(/^[0-9a-f]+ /, ''));
    const leaf = frames.find((frame) => layerOf(frame) !== undefined);
    if (leaf === undefined) {
      add(layers, nativeKind(frames));
      continue;
    }
    add(layers, layerOf(leaf));
    add(leaves, leaf.replace(/file:\/\/\S*?\/(node_modules|packages)\//, '').replace(/\s*\(\S*\)$/, ''));
  }
  return { samples, layers, leaves };
}

const top = (map, samples, count) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, n]) => `  ${((n / samples) * 100).toFixed(1).padStart(5)} %  ${key}`);

async function main() {
  const [flow = 'refresh', backend = 'postgres', seconds = '8', warmup = '10'] = process.argv.slice(2);
  if (spawnSync('perf', ['--version']).status !== 0) {
    console.error('perfProfile: `perf` is not installed (Debian: apt-get install linux-perf)');
    process.exit(2);
  }
  const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
  const dir = mkdtempSync(join(tmpdir(), 'latch-perf-'));
  const data = process.env.BENCH_PERF_DATA ?? join(dir, 'perf.data');
  const database =
    backend === 'postgres' ? await createPostgresDatabase('bench_perf') : createPgliteDirectory('bench-perf');
  const env = backend === 'postgres' ? { BENCH_DATABASE_URL: database.url } : { BENCH_DATA_DIR: database.dir };
  // --perf-basic-prof: V8 writes /tmp/perf-<pid>.map, so that perf can name JIT-compiled functions.
  const server = await startChildServer(join(root, 'bench', 'server', 'latchHost.ts'), {
    env,
    execArgv: ['--perf-basic-prof', '--conditions=@latch/source', '--import', 'tsx'],
  });
  try {
    const { setup, operation } = latchFlows(server)[flow];
    const pool = await openClients({ origin: server.origin, setup });
    let recorder;
    let samples = 0;
    // The recording opens and closes with the CPU samples of the measured window.
    const sampleCpu = async () => {
      const { micros } = await server.ask('cpu');
      if (samples++ === 0) {
        const args = ['record', '-e', 'cpu-clock', '-F', '999', '-g', '-p', String(server.pid), '-o', data];
        recorder = spawn('perf', args, { stdio: 'ignore' });
      } else {
        recorder.kill('SIGINT');
        await new Promise((resolve) => recorder.on('exit', resolve));
      }
      return micros;
    };
    const slice = { warmupMs: Number(warmup) * 1000, durationMs: Number(seconds) * 1000, maxOperations: 1e7 };
    const result = summarize([await measureSlice(pool, operation, { ...slice, sampleCpu })]);
    await pool.close();
    const script = spawnSync('perf', ['script', '-i', data, '-F', 'tid,ip,sym'], { maxBuffer: 1 << 30 });
    const charged = chargeSamples(script.stdout.toString());
    console.log(
      `${flow} on ${backend}: ${result.operations} operations, ${figure(result.perSecond)} op/s, server CPU ${figure(result.cpuMsPerOperation, 3)} ms/op; ${charged.samples} samples (perf cpu-clock, 999 Hz, every thread)`,
    );
    console.log('by layer (each sample charged to its innermost JavaScript frame):');
    for (const line of top(charged.layers, charged.samples, 25)) console.log(line);
    console.log('innermost JavaScript frames:');
    for (const line of top(charged.leaves, charged.samples, 20)) console.log(line);
  } finally {
    await server.stop();
    await database.drop();
    if (!process.env.BENCH_PERF_DATA) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
