// A small closed-loop load generator: N virtual clients, each on its own keep-alive connection
// (an undici Client with one socket), each carrying its own state (a refresh-token chain, a session
// cookie, a counter for fresh email addresses). autocannon can't do that: its per-request body
// setup can't see the previous response of the same client, which a rotating refresh token needs.
import { Client } from 'undici';

/**
 * The defaults every server case uses: 32 clients; 3 rounds (the two servers take turns) of 0.5 s
 * warm-up + 2 s measured each, so 6 s measured per server and flow; a hard cap per round.
 */
export const LOAD_DEFAULTS = { clients: 32, rounds: 3, warmupMs: 500, durationMs: 2000, maxOperations: 100_000 };

/**
 * Opens one keep-alive connection to `origin` and returns a tiny JSON client over it:
 * `call(method, path, { body, headers })` → `{ status, headers, json }`.
 */
export function connect(origin) {
  // A server that stops answering fails the case in 30 s rather than undici's default 5 minutes.
  const client = new Client(origin, {
    pipelining: 1,
    keepAliveTimeout: 30_000,
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  return {
    /** Sends one request and reads the whole response (JSON when it parses, else null). */
    async call(method, path, { body, headers = {} } = {}) {
      const response = await client.request({
        method,
        path,
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.body.text();
      let json = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      return { status: response.statusCode, headers: response.headers, json };
    },
    /** Closes the connection. */
    close: () => client.close(),
  };
}

/** The value at quantile `q` (0..1) of an ascending array, nearest-rank. */
function quantile(sorted, q) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** Opens `clients` connections to `origin` and runs `setup(http, index)` for each (not measured). */
export async function openClients({ origin, setup, clients = LOAD_DEFAULTS.clients }) {
  const connections = Array.from({ length: clients }, () => connect(origin));
  const close = () => Promise.all(connections.map((http) => http.close().catch(() => {})));
  try {
    const states = await Promise.all(connections.map((http, index) => setup(http, index)));
    return { connections, states, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Runs every client of `pool` in a closed loop of `operation(http, state)` for `warmupMs` then
 * `durationMs`, or until `maxOperations` were measured. `operation` throws when the server answers
 * wrongly, which stops the slice. Returns the measured latencies (ms) and the time they cover.
 * With `sampleCpu` (async, → the server process's CPU time in µs), also `cpuMicros`: the server's
 * CPU over exactly the measured window (sampled when it opens and when it closes).
 */
export async function measureSlice(pool, operation, { warmupMs, durationMs, maxOperations, sampleCpu }) {
  const latencies = [];
  let failure = null;
  let capReachedAt = null;
  const measureStart = performance.now() + warmupMs;
  const measureEnd = measureStart + durationMs;
  const cpuAt = (at) =>
    sampleCpu
      ? new Promise((resolve, reject) => setTimeout(() => sampleCpu().then(resolve, reject), at - performance.now()))
      : Promise.resolve(0);
  const cpuStart = cpuAt(measureStart);
  const cpuEnd = cpuAt(measureEnd);
  const loop = async (http, state) => {
    while (failure === null) {
      const started = performance.now();
      if (started >= measureEnd || latencies.length >= maxOperations) return;
      await operation(http, state);
      const finished = performance.now();
      // What completes inside the measured window counts (as wrk and autocannon count): dropping
      // operations in flight at either edge would favour the faster server.
      if (finished >= measureStart && finished <= measureEnd && latencies.length < maxOperations) {
        latencies.push(finished - started);
        if (latencies.length === maxOperations) capReachedAt = finished;
      }
    }
  };
  await Promise.all(
    pool.connections.map((http, index) =>
      loop(http, pool.states[index]).catch((error) => {
        failure ??= error;
      }),
    ),
  );
  const cpuMicros = (await cpuEnd) - (await cpuStart);
  if (failure) throw failure;
  // When the cap ends the slice early, throughput is over the time actually measured.
  const elapsedMs = capReachedAt === null ? durationMs : capReachedAt - measureStart;
  return { latencies, elapsedMs, ...(sampleCpu && capReachedAt === null ? { cpuMicros } : {}) };
}

/** Operations/s, p50/p99 (ms) and counts over one or more slices of the same case. */
export function summarize(slices) {
  const sorted = slices.flatMap((slice) => slice.latencies).sort((a, b) => a - b);
  const elapsedMs = slices.reduce((sum, slice) => sum + slice.elapsedMs, 0);
  // CPU per operation (ms) over the slices whose server CPU was sampled.
  const sampled = slices.filter((slice) => slice.cpuMicros !== undefined);
  const sampledOperations = sampled.reduce((sum, slice) => sum + slice.latencies.length, 0);
  const cpuMicros = sampled.reduce((sum, slice) => sum + slice.cpuMicros, 0);
  return {
    operations: sorted.length,
    perSecond: sorted.length / (elapsedMs / 1000),
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    cpuMsPerOperation: sampledOperations > 0 ? cpuMicros / 1000 / sampledOperations : undefined,
  };
}

/** A figure for a line of output: '—' when there is none (a window that completed no operation). */
export const figure = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '—');

/** One case on its own: open the clients, measure one slice, close. */
export async function runClosedLoop({ origin, setup, operation, ...options }) {
  const { clients, rounds: _rounds, ...limits } = { ...LOAD_DEFAULTS, ...options };
  const pool = await openClients({ origin, setup, clients });
  try {
    return summarize([await measureSlice(pool, operation, limits)]);
  } finally {
    await pool.close();
  }
}

/** Throws a short error naming the step when a response is not what the flow expects. */
export function expectStatus(step, response, ...statuses) {
  if (!statuses.includes(response.status)) {
    const detail = response.json?.error ?? response.json?.code ?? response.json?.message ?? '';
    throw new Error(`${step}: HTTP ${response.status} ${detail}`.trim());
  }
  return response;
}
