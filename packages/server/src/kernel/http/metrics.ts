import type { MiddlewareHandler } from 'hono';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** The Prometheus registry and instruments of one server. */
export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route'>;
  analyticsEvents: Counter;
  /** Webhook delivery attempts by outcome: delivered, retry, failed (webhooks/WebhookWorker.ts). */
  webhookDeliveries: Counter<'status'>;
}

/** Creates a registry of its own (so several servers in one process do not collide). */
export function createMetrics(options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'latch_' });
  return {
    registry,
    requests: new Counter({
      name: 'latch_http_requests_total',
      help: 'HTTP requests by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
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
      const labels = { method: c.req.method, route };
      metrics.requests.inc({ ...labels, status: String(c.res.status) });
      metrics.duration.observe(labels, (performance.now() - start) / 1000);
    }
  };
}
