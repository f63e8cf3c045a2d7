// Server figures: Latch against Better Auth, flow × backend, in one run on this machine.
// Each server runs in its own process on a fresh database; the load generator runs here.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { betterAuthFlows } from './betterAuthFlows.mjs';
import { startChildServer } from './childServer.mjs';
import { createPgliteDirectory, createPostgresDatabase, POSTGRES_URL, postgresAnswers } from './freshDatabase.mjs';
import { latchFlows } from './latchFlows.mjs';
import { figure, LOAD_DEFAULTS, measureSlice, openClients, summarize } from './loadGenerator.mjs';

/** The flows, in print order, with the label each gets in the table. */
export const FLOWS = [
  { key: 'refresh', label: 'token refresh' },
  { key: 'configRead', label: 'app-config read' },
  { key: 'login', label: 'email-code login' },
];

/** Run length, overridable for a quick look (BENCH_ROUNDS, BENCH_DURATION_MS and BENCH_WARMUP_MS per round). */
function loadOptions() {
  const read = (name, fallback) => Number(process.env[name]) || fallback;
  return {
    ...LOAD_DEFAULTS,
    rounds: read('BENCH_ROUNDS', LOAD_DEFAULTS.rounds),
    durationMs: read('BENCH_DURATION_MS', LOAD_DEFAULTS.durationMs),
    warmupMs: read('BENCH_WARMUP_MS', LOAD_DEFAULTS.warmupMs),
  };
}

const firstLine = (error) => error.message.split('\n')[0];

/** Starts one server on a fresh database of `backend`; `{ flows, stop }`, or `{ error, stop }` when it can't. */
async function startUnderTest({ script, execArgv, flowsOf, prefix }, backend) {
  let database;
  let server;
  const stop = async () => {
    await server?.stop();
    await database?.drop().catch((error) => console.warn(`could not remove a bench database: ${firstLine(error)}`));
  };
  try {
    database =
      backend === 'postgres' ? await createPostgresDatabase(prefix.replace(/-/g, '_')) : createPgliteDirectory(prefix);
    const env = backend === 'postgres' ? { BENCH_DATABASE_URL: database.url } : { BENCH_DATA_DIR: database.dir };
    server = await startChildServer(script, { env, execArgv });
    const started = server;
    const sampleCpu = async () => (await started.ask('cpu')).micros;
    return { origin: server.origin, flows: flowsOf(server), sampleCpu, stop };
  } catch (error) {
    return { error: firstLine(error), stop };
  }
}

/**
 * One flow on several servers, which take turns for `rounds` rounds so that all of them see the
 * same machine load. Per server: undefined when it has no such flow, `{ error }` when it failed.
 */
async function measureFlowInTurns(servers, key, options) {
  const cases = await Promise.all(
    servers.map(async (underTest) => {
      if (underTest.error) return { error: underTest.error };
      const flow = underTest.flows[key];
      if (!flow) return { absent: true };
      try {
        const pool = await openClients({ origin: underTest.origin, setup: flow.setup, clients: options.clients });
        return { pool, operation: flow.operation, sampleCpu: underTest.sampleCpu, slices: [] };
      } catch (error) {
        return { error: firstLine(error) };
      }
    }),
  );
  for (let round = 0; round < options.rounds; round++) {
    for (const one of cases) {
      if (!one.pool || one.error) continue;
      try {
        one.slices.push(await measureSlice(one.pool, one.operation, { ...options, sampleCpu: one.sampleCpu }));
      } catch (error) {
        one.error = firstLine(error);
      }
    }
  }
  await Promise.all(cases.map((one) => one.pool?.close()));
  return cases.map((one) => (one.absent ? undefined : one.error ? { error: one.error } : summarize(one.slices)));
}

/**
 * Measures every flow on Latch and Better Auth, on PGlite and (when it answers) PostgreSQL.
 * Returns `{ load, backends: [{ backend, skipped?, rows: [{ flow, label, latch, betterAuth }] }] }`.
 */
export async function serverFigures(root) {
  const here = join(root, 'bench', 'server');
  const servers = {
    latch: {
      script: join(here, 'latchHost.ts'),
      execArgv: ['--conditions=@latch/source', '--import', 'tsx'],
      flowsOf: latchFlows,
      prefix: 'bench-latch',
    },
    betterAuth: {
      script: join(here, 'betterAuthHost.mjs'),
      execArgv: [],
      flowsOf: betterAuthFlows,
      prefix: 'bench-ba',
    },
  };
  const backends = [];
  // BENCH_FLOWS (e.g. `refresh,login`) and BENCH_BACKENDS (`pglite`, `postgres`) narrow a run while iterating.
  const only = (name) => process.env[name]?.split(',').filter(Boolean);
  const flows = FLOWS.filter(({ key }) => !only('BENCH_FLOWS') || only('BENCH_FLOWS').includes(key));
  const loadBefore = loadavg()[0];
  for (const backend of ['pglite', 'postgres'].filter(
    (name) => !only('BENCH_BACKENDS')?.length || only('BENCH_BACKENDS').includes(name),
  )) {
    if (backend === 'postgres' && !(await postgresAnswers())) {
      backends.push({ backend, skipped: `PostgreSQL at ${new URL(POSTGRES_URL).host} does not answer` });
      continue;
    }
    // Both servers up at once (an idle one costs nothing); each flow alternates between them.
    const latch = await startUnderTest(servers.latch, backend);
    const betterAuth = await startUnderTest(servers.betterAuth, backend);
    try {
      const rows = [];
      for (const { key, label } of flows) {
        const [latchResult, betterAuthResult] = await measureFlowInTurns([latch, betterAuth], key, loadOptions());
        rows.push({ flow: key, label, latch: latchResult, betterAuth: betterAuthResult });
      }
      backends.push({ backend, rows });
    } finally {
      await latch.stop();
      await betterAuth.stop();
    }
  }
  return { load: { ...loadOptions(), loadAverage: [loadBefore, loadavg()[0]] }, backends };
}

const pad = (text, width) => String(text).padEnd(width);

/** One server's four columns: op/s (in `width`), p50, p99, CPU ms/op; 'n/a' when it has no such flow. */
function cell(result, width) {
  if (!result) return `${pad('n/a', width)}${pad('', 27)}`;
  if (result.error) return `${pad('error', width)}${pad('', 27)}`;
  return `${pad(figure(result.perSecond), width)}${pad(figure(result.p50, 1), 9)}${pad(figure(result.p99, 1), 9)}${pad(figure(result.cpuMsPerOperation, 3), 9)}`;
}

/** Latch's advantage: throughput (Latch ÷ Better Auth) and CPU per operation (Better Auth ÷ Latch). */
function ratios(latch, betterAuth) {
  return {
    throughput: latch?.perSecond && betterAuth?.perSecond ? latch.perSecond / betterAuth.perSecond : undefined,
    cpu:
      latch?.cpuMsPerOperation && betterAuth?.cpuMsPerOperation
        ? betterAuth.cpuMsPerOperation / latch.cpuMsPerOperation
        : undefined,
  };
}

/** The figures as printable lines: the table, then the goal lines (printed, never asserted). */
export function formatServerFigures({ load, backends }) {
  const average = load.loadAverage
    ? `; load average ${load.loadAverage.map((value) => value.toFixed(1)).join(' → ')}`
    : '';
  const lines = [
    `Server (127.0.0.1, ${load.clients} closed-loop clients; Latch and Better Auth take turns, ${load.rounds} rounds of ${load.warmupMs / 1000} s warm-up + ${load.durationMs / 1000} s each; login = init + authenticate, one operation${average}):`,
    "  CPU = the server process's CPU time (process.cpuUsage, user + system) over the measured windows ÷ operations; PGlite runs inside it, PostgreSQL does not; the load generator is not counted.",
    `  ${pad('flow', 18)}${pad('backend', 12)}${pad('Latch op/s', 12)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('CPU ms', 9)}${pad('BetterAuth op/s', 17)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('CPU ms', 9)}${pad('op/s ratio', 12)}CPU ratio`,
  ];
  const goals = [];
  for (const { backend, skipped, rows } of backends) {
    const name = backend === 'postgres' ? 'PostgreSQL' : 'PGlite';
    if (skipped) {
      lines.push(`  ${name}: skipped — ${skipped}`);
      continue;
    }
    for (const { flow, label, latch, betterAuth } of rows) {
      const ratio = ratios(latch, betterAuth);
      const times = (value) => (value === undefined ? '—' : `${value.toFixed(1)}×`);
      lines.push(
        `  ${pad(label, 18)}${pad(name, 12)}${cell(latch, 12)}${cell(betterAuth, 17)}${pad(times(ratio.throughput), 12)}${times(ratio.cpu)}`,
      );
      for (const [who, result] of [
        ['Latch', latch],
        ['Better Auth', betterAuth],
      ]) {
        if (result?.error) lines.push(`    ${who} ${label} on ${name} failed: ${result.error}`);
      }
      if (ratio.cpu !== undefined) {
        goals.push(
          `  ${ratio.cpu >= 10 ? 'met ' : 'MISS'} ≥10× less CPU/op than Better Auth: ${label} on ${name} (${ratio.cpu.toFixed(1)}×)`,
        );
      }
      if (ratio.throughput !== undefined) {
        goals.push(
          `  ${ratio.throughput >= 8 ? 'met ' : 'MISS'} ≥8× Better Auth's op/s: ${label} on ${name} (${ratio.throughput.toFixed(1)}×)`,
        );
      } else if (!betterAuth && !goals.some((line) => line.includes(`${label} —`))) {
        goals.push(`  n/a  ≥8× Better Auth: ${label} — Better Auth has no comparable endpoint`);
      }
      if (backend === 'postgres' && latch?.p99 !== undefined) {
        const bound =
          flow === 'login' ? ' (printed; a login is two requests and two statements, see docs/bench.md)' : '';
        goals.push(
          `  ${latch.p99 <= 25 ? 'met ' : 'MISS'} p99 ≤ 25 ms at ${load.clients} clients on PostgreSQL: ${label} (${figure(latch.p99, 1)} ms)${bound}`,
        );
      }
    }
  }
  return [...lines, 'Goals (printed, not asserted):', ...goals];
}

// `node bench/server/serverFigures.mjs`: the server part alone (no build, bundle or browser), for iterating.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = await serverFigures(join(fileURLToPath(import.meta.url), '..', '..', '..'));
  for (const line of formatServerFigures(figures)) console.log(line);
}
