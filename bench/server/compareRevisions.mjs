#!/usr/bin/env node
import { loadavg } from 'node:os';
// Before/after check of the Latch server's login and refresh (issue #26: "within 5 % of before"),
// not part of `npm run bench`. Both sides run at once on fresh databases and take turns in one
// session, ABBA order (before, after, after, before, …) so a drift in machine load hits both alike.
// Per turn it records op/s, p50 and the CPU time per operation of the server process and of its own
// PostgreSQL backends (from /proc; PGlite runs inside the server process), which a loaded machine
// distorts far less than op/s; it prints the median and range over the turns and after vs before.
//
//   node bench/server/compareRevisions.mjs <before> <after> [--rounds 5] [--seconds 2]
//        [--flows login,refresh] [--backends pglite,postgres] [--clients 32]
//   <before>, <after>: a worktree directory (run with its own node_modules) or a git revision.
//   The same side twice shows the noise floor.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
const LABELS = { login: 'email-code login', refresh: 'token refresh', configRead: 'app-config read' };

/** Starts the host of `side` on a fresh `backend` database; returns what a turn needs and `stop()`. */
async function startSide(side, backend) {
  const database =
    backend === 'postgres' ? await createPostgresDatabase('bench_rev') : createPgliteDirectory('bench-rev');
  const env = backend === 'postgres' ? { BENCH_DATABASE_URL: database.url } : { BENCH_DATA_DIR: database.dir };
  let server;
  try {
    server = await startChildServer(side.script, { env, execArgv: ['--conditions=@latch/source', '--import', 'tsx'] });
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

/** `flow` on both running sides in ABBA turns, after one unrecorded turn each; the turns per side. */
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
  return cases.map((one) => one.turns);
}

const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
/** "median (min–max)" of one figure over the turns. */
const spread = (numbers, digits) =>
  `${median(numbers).toFixed(digits)} (${Math.min(...numbers).toFixed(digits)}–${Math.max(...numbers).toFixed(digits)})`;
const percent = (after, before) => `${after >= before ? '+' : '−'}${Math.abs((after / before - 1) * 100).toFixed(1)} %`;

/** The printable lines of one flow on one backend, and the two changes the verdict reads. */
function report(flow, backendName, sides, [beforeTurns, afterTurns]) {
  const cpuOf = (turns) => turns.map((one) => one.serverCpu + one.postgresCpu);
  const lines = [`${LABELS[flow]} on ${backendName}:`];
  for (const [index, turns] of [beforeTurns, afterTurns].entries()) {
    const postgres =
      backendName === 'PostgreSQL'
        ? `, of which PostgreSQL ${spread(
            turns.map((t) => t.postgresCpu),
            2,
          )}`
        : '';
    lines.push(
      `  ${index === 0 ? 'before' : 'after '} op/s ${spread(
        turns.map((t) => t.perSecond),
        0,
      )}  p50 ms ${spread(
        turns.map((t) => t.p50),
        1,
      )}  CPU ms/op ${spread(cpuOf(turns), 2)}${postgres}`,
    );
  }
  const opsChange = median(afterTurns.map((t) => t.perSecond)) / median(beforeTurns.map((t) => t.perSecond)) - 1;
  const cpuChange = median(cpuOf(afterTurns)) / median(cpuOf(beforeTurns)) - 1;
  lines.push(
    `  after vs before (medians): op/s ${percent(1 + opsChange, 1)}, CPU/op ${percent(1 + cpuChange, 1)} (${sides[1].label} vs ${sides[0].label})`,
  );
  return { lines, row: { flow: LABELS[flow], backend: backendName, opsChange, cpuChange } };
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
// The verdict reads CPU/op (the steadier figure) and op/s; both are printed, neither is asserted.
console.log(`Summary (after vs before, medians; load average now ${loadavg()[0].toFixed(1)}):`);
for (const { flow, backend, opsChange, cpuChange } of rows) {
  const within = cpuChange <= 0.05 && opsChange >= -0.05; // faster is within too
  console.log(
    `  ${`${flow} on ${backend}`.padEnd(32)} op/s ${percent(1 + opsChange, 1).padStart(8)}  CPU/op ${percent(1 + cpuChange, 1).padStart(8)}  ${within ? 'within 5 %' : 'OUTSIDE 5 %'}`,
  );
}
