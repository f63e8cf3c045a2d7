import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OPS_API } from '@latch/protocol';

/** Header the balancer adds to each answer: which backend served it. */
export const SERVED_BY = 'x-served-by';

/** A round-robin HTTP balancer over Latch instances that sends only to those whose readiness answers 200. */
export interface TestBalancer {
  url: string;
  /** The backends readiness admits now, by URL. */
  inRotation(): string[];
  close(): Promise<void>;
}

/**
 * Test helper standing in for a load balancer with active health checks (docs/deploy.md): asks each
 * backend's `/readyz` every `intervalMs` (an answer later than `probeTimeoutMs` counts as down) and forwards
 * each request to the next backend in rotation; 502 when none is.
 */
export async function startTestBalancer(
  backends: string[],
  intervalMs = 100,
  probeTimeoutMs = intervalMs * 5,
): Promise<TestBalancer> {
  const ready = new Set<string>();
  let next = 0;
  const probe = async (backend: string) => {
    try {
      const res = await fetch(`${backend}${OPS_API.ready}`, { signal: AbortSignal.timeout(probeTimeoutMs) });
      await res.body?.cancel();
      if (res.ok) ready.add(backend);
      else ready.delete(backend);
    } catch {
      ready.delete(backend);
    }
  };
  await Promise.all(backends.map(probe));
  let probing = false;
  const timer = setInterval(async () => {
    if (probing) return;
    probing = true;
    await Promise.all(backends.map(probe));
    probing = false;
  }, intervalMs);
  const server: Server = createServer((incoming, outgoing) => {
    const rotation = backends.filter((backend) => ready.has(backend));
    const backend = rotation[next++ % Math.max(1, rotation.length)];
    if (!backend) {
      outgoing.writeHead(502).end();
      return;
    }
    const target = new URL(incoming.url ?? '/', backend);
    const forwarded = request(target, { method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, [SERVED_BY]: backend });
      answer.pipe(outgoing);
    });
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    inRotation: () => backends.filter((backend) => ready.has(backend)),
    async close() {
      clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
