#!/usr/bin/env node
import { loadavg } from 'node:os';
// Before/after check of the Latch server's login and refresh (issue #26: "within 5 % of before"),
// not part of `npm run bench`. Both sides run at once on fresh databases and take turns in one
// session, ABBA order (before, after, after, before, …) so a drift in machine load hits both alike.
// Per turn it records op/s, p50, the CPU time per operation of the server process and of its own
// PostgreSQL backends (from /proc; PGlite runs inside the server process), which a loaded machine
// distorts far less than op/s; it prints their median and range over the turns and after vs before.
// On PostgreSQL it also counts the queries per operation (countQueries.mjs) over operations in a row,
// a figure machine load does not blur.
//
//   node bench/server/compareRevisions.mjs <before> <after> [--rounds 5] [--seconds 2]
//        [--flows login,refresh] [--backends pglite,postgres] [--clients 32]
//   <before>, <after>: a worktree directory (run with its own node_modules) or a git revision.
//   The same side twice shows the noise floor.
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startChildServer } from './childServer.mjs';
import { createPgliteDirectory, createPostgresDatabase, POSTGRES_URL, postgresAnswers } from './freshDatabase.mjs';
import { latchFlows } from './latchFlows.mjs';
import { measureSlice, openClients, summarize } from './loadGenerator.mjs';
import { matchingCpuMs, processCpuMs, sideTree } from './sideTree.mjs';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '2' },
    flows: { type: 'string', default: 'login,refresh' },
    backends: { type: 'string', default: 'pglite,postgres' },
    clients: { type: 'string', default: '32' },
  },
});
if (positionals.length !== 2) {
  console.error('usage: node bench/server/compareRevisions.mjs <before> <after> [--rounds 5] [--seconds 2] …');
  process.exit(2);
}
const rounds = Number(values.rounds);
const clients = Number(values.clients);
// Each turn opens with a short warm-up: the other side has just had the machine.
const slice = { warmupMs: 300, durationMs: Number(values.seconds) * 1000, maxOperations: 1_000_000 };
/** The preload that counts a host's PostgreSQL queries, and how many operations in a row it counts over. */
const PROBE_OPERATIONS = 100;
const COUNT_QUERIES = pathToFileURL(join(root, 'bench/server/countQueries.mjs')).href;
const LABELS = { login: 'email-code login', refresh: 'token refresh', configRead: 'app-config read' };

/** Starts the host of `side` on a fresh `backend` database; returns what a turn needs and `stop()`. */
async function startSide(side, backend) {
  const database =
    backend === 'postgres' ? await createPostgresDatabase('bench_rev') : createPgliteDirectory('bench-rev');
  const env = {
    BENCH_SIDE_ROOT: side.root,
    ...(backend === 'postgres' ? { BENCH_DATABASE_URL: database.url } : { BENCH_DATA_DIR: database.dir }),
  };
  const execArgv = ['--conditions=@latch/source', '--import', 'tsx', '--import', COUNT_QUERIES];
  let server;
  try {
    server = await startChildServer(side.script, { env, execArgv });
  } catch (error) {
    await database.drop();
    throw error;
  }
  const databaseName = database.url ? new URL(database.url).pathname.slice(1) : undefined;
  return {
    flows: latchFlows(server),
    origin: server.origin,
    // The server process by pid (both sides may run the same script path) and its own PostgreSQL backends.
    cpu: () => ({
      server: processCpuMs(server.pid),
      postgres: databaseName ? matchingCpuMs((cmd) => cmd.startsWith('postgres:') && cmd.includes(databaseName)) : 0,
    }),
    queries: backend === 'postgres' ? async () => (await server.ask('queries')).count : undefined,
    async stop() {
      await server.stop();
      await database.drop();
    },
  };
}

/** One measured turn: op/s and p50 of the window, CPU/op over every operation the turn ran. */
async function turn(one) {
  let completed = 0;
  const counted = async (http, state) => {
    await one.operation(http, state);
    completed++;
  };
  const before = one.running.cpu();
  const result = summarize([await measureSlice(one.pool, counted, slice)]);
  const after = one.running.cpu();
  // measureSlice returns once every client's last operation has ended, so `completed` covers the CPU window.
  return {
    perSecond: result.perSecond,
    p50: result.p50,
    serverCpu: (after.server - before.server) / completed,
    postgresCpu: (after.postgres - before.postgres) / completed,
  };
}

/**
 * Queries per operation, from `PROBE_OPERATIONS` operations in a row on one connection: under load the
 * count drifts (caches expire while requests queue), in a row it is the code's own. The server's
 * background queries (the webhook worker's polls) over as long a time idle are subtracted.
 */
async function probeQueries(one, flow) {
  const { setup, operation } = one.flows[flow];
  const pool = await openClients({ origin: one.origin, setup, clients: 1 });
  try {
    const before = await one.queries();
    const started = performance.now();
    for (let index = 0; index < PROBE_OPERATIONS; index++) await operation(pool.connections[0], pool.states[0]);
    const during = (await one.queries()) - before;
    // The background over as long again, idle, is taken off.
    const idleFrom = await one.queries();
    await setTimeout(performance.now() - started);
    const idle = (await one.queries()) - idleFrom;
    return Math.max(0, during - idle) / PROBE_OPERATIONS;
  } finally {
    await pool.close();
  }
}

/** `flow` on both running sides in ABBA turns, after one unrecorded turn each; per side its turns and queries/op. */
async function measureFlow(running, flow) {
  const cases = [];
  for (const one of running) {
    const { setup, operation } = one.flows[flow];
    cases.push({ running: one, operation, pool: await openClients({ origin: one.origin, setup, clients }), turns: [] });
  }
  try {
    for (const one of cases) await turn(one);
    for (let round = 0; round < rounds; round++) {
      for (const one of round % 2 === 0 ? cases : [...cases].reverse()) one.turns.push(await turn(one));
    }
  } finally {
    await Promise.all(cases.map((one) => one.pool.close()));
  }
  const probed = [];
  for (const one of running) probed.push(one.queries ? await probeQueries(one, flow) : undefined);
  return cases.map((one, index) => ({ turns: one.turns, queries: probed[index] }));
}

const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
/** "median (min–max)" of one figure over the turns. */
const spread = (numbers, digits) =>
  `${median(numbers).toFixed(digits)} (${Math.min(...numbers).toFixed(digits)}–${Math.max(...numbers).toFixed(digits)})`;
/** A difference with its sign, two decimals. */
const signed = (delta) => `${delta >= 0 ? '+' : '−'}${Math.abs(delta).toFixed(2)}`;
const percent = (after, before) => `${after >= before ? '+' : '−'}${Math.abs((after / before - 1) * 100).toFixed(1)} %`;

/** The printable lines of one flow on one backend, and the changes the verdict reads. */
function report(flow, backendName, sides, [before, after]) {
  const cpu = (one) => one.serverCpu + one.postgresCpu;
  const range = (turns, pick, digits) => spread(turns.map(pick), digits);
  const lines = [`${LABELS[flow]} on ${backendName}:`];
  for (const [index, { turns, queries }] of [before, after].entries()) {
    const parts = [
      `op/s ${range(turns, (one) => one.perSecond, 0)}`,
      `p50 ms ${range(turns, (one) => one.p50, 1)}`,
      `CPU ms/op ${range(turns, cpu, 2)}`,
    ];
    if (queries !== undefined) {
      parts.push(`of which PostgreSQL ${range(turns, (one) => one.postgresCpu, 2)}`);
      parts.push(`queries/op ${queries.toFixed(2)} (${PROBE_OPERATIONS} in a row)`);
    }
    lines.push(`  ${index === 0 ? 'before' : 'after '} ${parts.join('  ')}`);
  }
  const change = (pick) => median(after.turns.map(pick)) / median(before.turns.map(pick)) - 1;
  const opsChange = change((one) => one.perSecond);
  const cpuChange = change(cpu);
  const queriesDelta = before.queries === undefined ? undefined : after.queries - before.queries;
  const queries = queriesDelta === undefined ? '' : `, queries/op ${signed(queriesDelta)}`;
  lines.push(
    `  after vs before (medians): op/s ${percent(1 + opsChange, 1)}, CPU/op ${percent(1 + cpuChange, 1)}${queries} (${sides[1].label} vs ${sides[0].label})`,
  );
  return { lines, row: { flow: LABELS[flow], backend: backendName, opsChange, cpuChange, queriesDelta } };
}

const sides = positionals.map((side) => sideTree(root, side));
const rows = [];
try {
  console.log(
    `before: ${sides[0].label}\nafter:  ${sides[1].label}\n${clients} closed-loop clients; per flow one warm-up turn per side, then ${rounds} rounds of ${slice.warmupMs / 1000} s warm-up + ${values.seconds} s, ABBA order; load average at start ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  for (const backend of values.backends.split(',')) {
    const backendName = backend === 'postgres' ? 'PostgreSQL' : 'PGlite';
    if (backend === 'postgres' && !(await postgresAnswers())) {
      console.log(`${backendName}: skipped — ${new URL(POSTGRES_URL).host} does not answer`);
      continue;
    }
    const running = [];
    try {
      for (const side of sides) running.push(await startSide(side, backend));
      for (const flow of values.flows.split(',')) {
        const { lines, row } = report(flow, backendName, sides, await measureFlow(running, flow));
        for (const line of lines) console.log(line);
        rows.push(row);
      }
    } finally {
      for (const one of running) await one.stop();
    }
  }
} finally {
  for (const side of sides) side.remove();
}
// The verdict reads CPU/op (the steadier figure), op/s and queries/op; all are printed, none is asserted.
console.log(`Summary (after vs before, medians; load average now ${loadavg()[0].toFixed(1)}):`);
for (const { flow, backend, opsChange, cpuChange, queriesDelta } of rows) {
  // Faster is within too; half a query more per operation is a statement more on most of them.
  const within = cpuChange <= 0.05 && opsChange >= -0.05 && (queriesDelta ?? 0) < 0.5;
  const queries = queriesDelta === undefined ? '' : `  queries/op ${signed(queriesDelta).padStart(6)}`;
  console.log(
    `  ${`${flow} on ${backend}`.padEnd(32)} op/s ${percent(1 + opsChange, 1).padStart(8)}  CPU/op ${percent(1 + cpuChange, 1).padStart(8)}${queries}  ${within ? 'within 5 %' : 'OUTSIDE 5 %'}`,
  );
}
