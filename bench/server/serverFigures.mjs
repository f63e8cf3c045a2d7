// Server figures: Latch against Better Auth, flow × backend, in one run on this machine.
// Each server runs in its own process on a fresh database; the load generator runs here.
import { join } from 'node:path';
import { betterAuthFlows } from './betterAuthFlows.mjs';
import { startChildServer } from './childServer.mjs';
import { createPgliteDirectory, createPostgresDatabase, POSTGRES_URL, postgresAnswers } from './freshDatabase.mjs';
import { latchFlows } from './latchFlows.mjs';
import { LOAD_DEFAULTS, measureSlice, openClients, summarize } from './loadGenerator.mjs';

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
    return { origin: server.origin, flows: flowsOf(server), stop };
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
        return { pool, operation: flow.operation, slices: [] };
      } catch (error) {
        return { error: firstLine(error) };
      }
    }),
  );
  for (let round = 0; round < options.rounds; round++) {
    for (const one of cases) {
      if (!one.pool || one.error) continue;
      try {
        one.slices.push(await measureSlice(one.pool, one.operation, options));
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
  for (const backend of ['pglite', 'postgres']) {
    if (backend === 'postgres' && !(await postgresAnswers())) {
      backends.push({ backend, skipped: `PostgreSQL at ${new URL(POSTGRES_URL).host} does not answer` });
      continue;
    }
    // Both servers up at once (an idle one costs nothing); each flow alternates between them.
    const latch = await startUnderTest(servers.latch, backend);
    const betterAuth = await startUnderTest(servers.betterAuth, backend);
    try {
      const rows = [];
      for (const { key, label } of FLOWS) {
        const [latchResult, betterAuthResult] = await measureFlowInTurns([latch, betterAuth], key, loadOptions());
        rows.push({ flow: key, label, latch: latchResult, betterAuth: betterAuthResult });
      }
      backends.push({ backend, rows });
    } finally {
      await latch.stop();
      await betterAuth.stop();
    }
  }
  return { load: loadOptions(), backends };
}

const pad = (text, width) => String(text).padEnd(width);
const number = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '—');

/** One server's three columns: op/s (in `width`), p50, p99; 'n/a' when it has no such flow. */
function cell(result, width) {
  if (!result) return `${pad('n/a', width)}${pad('', 18)}`;
  if (result.error) return `${pad('error', width)}${pad('', 18)}`;
  return `${pad(number(result.perSecond), width)}${pad(number(result.p50, 1), 9)}${pad(number(result.p99, 1), 9)}`;
}

/** The figures as printable lines: the table, then the goal lines (printed, never asserted). */
export function formatServerFigures({ load, backends }) {
  const lines = [
    `Server (127.0.0.1, ${load.clients} closed-loop clients; Latch and Better Auth take turns, ${load.rounds} rounds of ${load.warmupMs / 1000} s warm-up + ${load.durationMs / 1000} s each; login = init + authenticate, one operation):`,
    `  ${pad('flow', 18)}${pad('backend', 12)}${pad('Latch op/s', 12)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('BetterAuth op/s', 17)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}ratio`,
  ];
  const goals = [];
  for (const { backend, skipped, rows } of backends) {
    const name = backend === 'postgres' ? 'PostgreSQL' : 'PGlite';
    if (skipped) {
      lines.push(`  ${name}: skipped — ${skipped}`);
      continue;
    }
    for (const { label, latch, betterAuth } of rows) {
      const ratio =
        latch?.perSecond && betterAuth?.perSecond ? `${(latch.perSecond / betterAuth.perSecond).toFixed(1)}×` : '—';
      lines.push(`  ${pad(label, 18)}${pad(name, 12)}${cell(latch, 12)}${cell(betterAuth, 17)}${ratio}`);
      for (const [who, result] of [
        ['Latch', latch],
        ['Better Auth', betterAuth],
      ]) {
        if (result?.error) lines.push(`    ${who} ${label} on ${name} failed: ${result.error}`);
      }
      if (latch?.perSecond && betterAuth?.perSecond) {
        const ratioValue = latch.perSecond / betterAuth.perSecond;
        goals.push(
          `  ${ratioValue >= 5 ? 'met ' : 'MISS'} ≥5× Better Auth: ${label} on ${name} (${ratioValue.toFixed(1)}×)`,
        );
      } else if (!betterAuth && !goals.some((line) => line.includes(`${label} —`))) {
        goals.push(`  n/a  ≥5× Better Auth: ${label} — Better Auth has no comparable endpoint`);
      }
      if (backend === 'postgres' && latch?.p99 !== undefined) {
        goals.push(
          `  ${latch.p99 < 25 ? 'met ' : 'MISS'} p99 < 25 ms at ${load.clients} clients on PostgreSQL: ${label} (${number(latch.p99, 1)} ms)`,
        );
      }
    }
  }
  return [...lines, 'Goals (printed, not asserted):', ...goals];
}
