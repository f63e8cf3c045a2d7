import type { MiddlewareHandler } from 'hono';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** The Prometheus registry and instruments of one server. */
export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  /** Counts one request on `requests` (kept in a map, one entry per method, route and status, until the registry is read). */
  countRequest(method: string, route: string, status: number): void;
  duration: Histogram<'method' | 'route'>;
  analyticsEvents: Counter;
  /** Webhook delivery attempts by outcome: delivered, retry, failed (webhooks/WebhookWorker.ts). */
  webhookDeliveries: Counter<'status'>;
}

/** Creates a registry of its own (so several servers in one process do not collide). */
export function createMetrics(options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'latch_' });
  // Request counts by method, route pattern and status, not yet handed to the counter.
  const pending = new Map<string, { labels: { method: string; route: string; status: string }; count: number }>();
  const requests = new Counter({
    name: 'latch_http_requests_total',
    help: 'HTTP requests by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
    // The counts of each request are added here, when the registry is read: prom-client's `inc` hashes and
    // checks its labels on every call, which was most of the middleware's cost per request.
    collect() {
      for (const entry of pending.values()) {
        if (entry.count === 0) continue;
        this.inc(entry.labels, entry.count);
        entry.count = 0;
      }
    },
  });
  return {
    registry,
    requests,
    countRequest(method, route, status) {
      const key = `${method} ${route} ${status}`;
      const entry = pending.get(key);
      if (entry) entry.count += 1;
      else pending.set(key, { labels: { method, route, status: String(status) }, count: 1 });
    },
    duration: new Histogram({
      name: 'latch_http_request_duration_seconds',
      help: 'HTTP request latency by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    analyticsEvents: new Counter({
      name: 'latch_analytics_events_total',
      help: 'Client analytics events accepted.',
      registers: [registry],
    }),
    webhookDeliveries: new Counter({
      name: 'latch_webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome (delivered, retry, failed).',
      labelNames: ['status'],
      registers: [registry],
    }),
  };
}

/** Counts and times each request by its route pattern (never the raw path: ids would explode the labels). */
export function metricsMiddleware(metrics: Metrics): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now();
    try {
      await next();
    } finally {
      const route = c.res.status === 404 && c.req.routePath === '/*' ? 'unmatched' : c.req.routePath;
      const method = c.req.method;
      metrics.countRequest(method, route, c.res.status);
      metrics.duration.observe({ method, route }, (performance.now() - start) / 1000);
    }
  };
}
