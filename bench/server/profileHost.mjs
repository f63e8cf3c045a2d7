#!/usr/bin/env node
// CPU profile of the Latch server under the bench's load (not part of `npm run bench`): starts
// latchHost.ts, sets up the clients, runs `flow` for `seconds` after a warm-up, profiling exactly the
// measured window (the host's inspector probe), and prints the top self-time entries.
//
//   node bench/server/profileHost.mjs <refresh|login> <postgres|pglite> [seconds] [profile directory]
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer } from './childServer.mjs';
import { createPgliteDirectory, createPostgresDatabase } from './freshDatabase.mjs';
import { latchFlows } from './latchFlows.mjs';
import { figure, measureSlice, openClients, summarize } from './loadGenerator.mjs';
import { sideTree } from './sideTree.mjs';

const [flow = 'refresh', backend = 'postgres', seconds = '10', dir = mkdtempSync(join(tmpdir(), 'latch-prof-'))] =
  process.argv.slice(2);
mkdirSync(dir, { recursive: true });
// BENCH_SIDE (a revision or a worktree, as compareRevisions.mjs takes them): profile that server instead.
const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
const side = process.env.BENCH_SIDE ? sideTree(root, process.env.BENCH_SIDE) : undefined;
const script = side?.script ?? join(root, 'bench', 'server', 'latchHost.ts');

/** The top `count` self-time entries of a .cpuprofile: `{ name, where, ms, share }`. */
function topSelf(profile, count = 10) {
  const gaps = profile.timeDeltas;
  const self = new Map();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((id, index) => {
    const { callFrame } = byId.get(id);
    const file = callFrame.url.replace(/^.*node_modules\//, '').replace(/^.*\/packages\//, 'packages/');
    const key = `${callFrame.functionName || '(anonymous)'}\t${file}:${callFrame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (gaps[index] ?? 0));
  });
  const total = [...self.values()].reduce((sum, value) => sum + value, 0);
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, micros]) => {
      const [name, where] = key.split('\t');
      return { name, where, ms: micros / 1000, share: micros / total };
    });
}

const database =
  backend === 'postgres' ? await createPostgresDatabase('bench_prof') : createPgliteDirectory('bench-prof');
const env = backend === 'postgres' ? { BENCH_DATABASE_URL: database.url } : { BENCH_DATA_DIR: database.dir };
const server = await startChildServer(script, {
  env,
  execArgv: ['--conditions=@latch/source', '--import', 'tsx'],
});
try {
  const { setup, operation } = latchFlows(server)[flow];
  const pool = await openClients({ origin: server.origin, setup });
  // The window opens and closes with the CPU samples; the profile follows them.
  let samples = 0;
  const sampleCpu = async () => {
    const { micros } = await server.ask('cpu');
    if (samples++ === 0) await server.ask('profile-start');
    else await server.ask('profile-stop', { file: join(dir, `${flow}-${backend}.cpuprofile`) });
    return micros;
  };
  const result = summarize([
    await measureSlice(pool, operation, {
      warmupMs: 1000,
      durationMs: Number(seconds) * 1000,
      maxOperations: 1e7,
      sampleCpu,
    }),
  ]);
  await pool.close();
  console.log(
    `${flow} on ${backend}: ${result.operations} operations, ${figure(result.perSecond)} op/s, p99 ${figure(result.p99, 1)} ms, server CPU ${figure(result.cpuMsPerOperation, 3)} ms/op`,
  );
  if (result.operations === 0)
    throw new Error('no operation completed in the window: nothing to profile (is the machine loaded?)');
} finally {
  await server.stop();
  await database.drop();
  side?.remove();
}
/** Self time by where the code lives: a dependency, a folder of the server, node's internals, native. */
function byPlace(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const place = new Map();
  profile.samples.forEach((id, index) => {
    const { url, functionName } = byId.get(id).callFrame;
    const dependency = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
    const ours = url.match(/packages\/([^/]+\/src\/[^/]+(?:\/[^/]+)?)\//)?.[1];
    const key =
      dependency ?? ours ?? (url.startsWith('node:') ? 'node:internal' : url || `(${functionName || 'native'})`);
    place.set(key, (place.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  return [...place.entries()].sort((a, b) => b[1] - a[1]);
}

const file = readdirSync(dir).find((name) => name === `${flow}-${backend}.cpuprofile`);
console.log(`profile: ${join(dir, file)} (the measured window)`);
for (const { name, where, ms, share } of topSelf(JSON.parse(readFileSync(join(dir, file), 'utf8')), 15)) {
  console.log(`  ${(share * 100).toFixed(1).padStart(5)} %  ${ms.toFixed(0).padStart(6)} ms  ${name}  ${where}`);
}
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
const total = profile.timeDeltas.reduce((sum, value) => sum + value, 0);
console.log('by place:');
for (const [key, micros] of byPlace(profile).slice(0, 15)) {
  console.log(`  ${((micros / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
}
