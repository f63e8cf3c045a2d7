import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.js';

const line = (text: string, status: number) =>
  text.split('\n').find((l) => l.startsWith(`latch_http_requests_total{method="POST",route="/r",status="${status}"}`));

describe('request counts', () => {
  it('are exact at every read: kept per method, route and status, added once when the registry is read', async () => {
    const metrics = createMetrics();
    metrics.countRequest('POST', '/r', 200);
    metrics.countRequest('POST', '/r', 200);
    metrics.countRequest('POST', '/r', 429);
    const first = await metrics.registry.metrics();
    expect(line(first, 200)).toMatch(/ 2$/);
    expect(line(first, 429)).toMatch(/ 1$/);
    // A second read adds nothing twice; later requests add to what was read.
    expect(line(await metrics.registry.metrics(), 200)).toMatch(/ 2$/);
    metrics.countRequest('POST', '/r', 200);
    const third = await metrics.registry.metrics();
    expect(line(third, 200)).toMatch(/ 3$/);
    expect(line(third, 429)).toMatch(/ 1$/);
  });
});
