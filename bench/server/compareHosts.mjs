#!/usr/bin/env node
// A/B of the Latch server against an earlier commit, for work on the server's speed (not part of
// `npm run bench`). Both versions run side by side on fresh databases and take turns, like the bench's
// Latch/Better Auth turns, and besides op/s and p50/p99 it prints the CPU time per operation of each
// server process and of its own PostgreSQL backends (read from /proc), which a loaded machine
// distorts far less than throughput.
//
//   node bench/server/compareHosts.mjs <refresh|login|configRead> <postgres|pglite> [rounds] [seconds]
//   BENCH_BASE_REF (default HEAD): the commit to compare the working tree with.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer } from './childServer.mjs';
import { createPgliteDirectory, createPostgresDatabase } from './freshDatabase.mjs';
import { latchFlows } from './latchFlows.mjs';
import { measureSlice, openClients, summarize } from './loadGenerator.mjs';
import { matchingCpuMs as cpuMs, sideTree } from './sideTree.mjs';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
const [flow = 'refresh', backend = 'postgres', rounds = '3', seconds = '2'] = process.argv.slice(2);
const WARMUP_MS = 500;
const durationMs = Number(seconds) * 1000;

const ref = process.env.BENCH_BASE_REF ?? 'HEAD';
const base = sideTree(root, ref);
const hosts = [
  { label: ref, script: base.script },
  { label: 'working tree', script: join(root, 'bench/server/latchHost.ts') },
];
const cases = [];
try {
  for (const { label, script } of hosts) {
    const database =
      backend === 'postgres' ? await createPostgresDatabase('bench_ab') : createPgliteDirectory('bench-ab');
    const env = backend === 'postgres' ? { BENCH_DATABASE_URL: database.url } : { BENCH_DATA_DIR: database.dir };
    const server = await startChildServer(script, {
      env,
      execArgv: ['--conditions=@latch/source', '--import', 'tsx'],
    }).catch(async (error) => {
      await database.drop();
      throw error;
    });
    const { setup, operation } = latchFlows(server)[flow];
    const pool = await openClients({ origin: server.origin, setup });
    const databaseName = database.url ? new URL(database.url).pathname.slice(1) : undefined;
    const cpu = () => ({
      server: cpuMs((cmd) => cmd.includes(script)),
      postgres: databaseName ? cpuMs((cmd) => cmd.startsWith('postgres:') && cmd.includes(databaseName)) : 0,
    });
    cases.push({ label, database, server, operation, pool, cpu, slices: [], used: { server: 0, postgres: 0 } });
  }
  for (let round = 0; round < Number(rounds); round++) {
    for (const one of cases) {
      const before = one.cpu();
      one.slices.push(
        await measureSlice(one.pool, one.operation, { warmupMs: WARMUP_MS, durationMs, maxOperations: 1_000_000 }),
      );
      const after = one.cpu();
      one.used.server += after.server - before.server;
      one.used.postgres += after.postgres - before.postgres;
    }
  }
  console.log(`${flow} on ${backend}, 32 clients, ${rounds} turns of ${seconds} s (CPU includes the warm-up):`);
  for (const one of cases) {
    const { operations, perSecond, p50, p99 } = summarize(one.slices);
    // Operations during warm-up too, at the measured rate, so CPU per operation is not overstated.
    const allOperations = operations * ((durationMs + WARMUP_MS) / durationMs);
    const perOperation = (ms) => (ms / allOperations).toFixed(2);
    console.log(
      `  ${one.label.padEnd(14)} ${perSecond.toFixed(0).padStart(6)} op/s  p50 ${p50.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  CPU/op: server ${perOperation(one.used.server)} ms, PostgreSQL ${perOperation(one.used.postgres)} ms`,
    );
  }
} finally {
  for (const one of cases) {
    await one.pool.close();
    await one.server.stop();
    await one.database.drop();
  }
  base.remove();
}
