// A small closed-loop load generator: N virtual clients, each on its own keep-alive connection
// (an undici Client with one socket), each carrying its own state (a refresh-token chain, a session
// cookie, a counter for fresh email addresses). autocannon can't do that: its per-request body
// setup can't see the previous response of the same client, which a rotating refresh token needs.
import { Client } from 'undici';

/** The defaults every server case uses: 32 clients, 1 s warm-up, 5 s measured, a hard request cap. */
export const LOAD_DEFAULTS = { clients: 32, warmupMs: 1000, durationMs: 5000, maxOperations: 200_000 };

/**
 * Opens one keep-alive connection to `origin` and returns a tiny JSON client over it:
 * `call(method, path, { body, headers })` → `{ status, headers, json }`.
 */
export function connect(origin) {
  const client = new Client(origin, { pipelining: 1, keepAliveTimeout: 30_000 });
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

/**
 * Runs one bounded closed-loop case. `setup(http, index)` prepares each client's state (not
 * measured); `operation(http, state)` is one measured operation and throws when the server answers
 * wrongly, which stops the case. Returns operations/s, p50/p99 latency in ms and counts.
 */
export async function runClosedLoop({ origin, setup, operation, ...options }) {
  const { clients, warmupMs, durationMs, maxOperations } = { ...LOAD_DEFAULTS, ...options };
  const connections = Array.from({ length: clients }, () => connect(origin));
  try {
    const states = await Promise.all(connections.map((http, index) => setup(http, index)));
    const latencies = new Float64Array(maxOperations);
    let recorded = 0;
    let failure = null;
    let capReachedAt = null;
    const warmupEnd = performance.now() + warmupMs;
    const measureStart = warmupEnd;
    const measureEnd = warmupEnd + durationMs;
    const loop = async (http, state) => {
      while (failure === null) {
        const started = performance.now();
        if (started >= measureEnd || recorded >= maxOperations) return;
        await operation(http, state);
        const finished = performance.now();
        // What completes inside the measured window counts (as wrk and autocannon count): an operation
        // still in flight at either edge is not dropped, which would favour the faster server.
        if (finished >= measureStart && finished <= measureEnd && recorded < maxOperations) {
          latencies[recorded++] = finished - started;
          if (recorded === maxOperations) capReachedAt = finished;
        }
      }
    };
    const loops = connections.map((http, index) =>
      loop(http, states[index]).catch((error) => {
        failure ??= error;
      }),
    );
    await Promise.all(loops);
    if (failure) throw failure;
    // When the cap ends the run early, throughput is over the time actually measured.
    const elapsedMs = capReachedAt === null ? durationMs : capReachedAt - measureStart;
    const sorted = Array.from(latencies.subarray(0, recorded)).sort((a, b) => a - b);
    return {
      operations: recorded,
      perSecond: recorded / (elapsedMs / 1000),
      p50: quantile(sorted, 0.5),
      p99: quantile(sorted, 0.99),
      capped: recorded >= maxOperations,
    };
  } finally {
    await Promise.all(connections.map((http) => http.close().catch(() => {})));
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
