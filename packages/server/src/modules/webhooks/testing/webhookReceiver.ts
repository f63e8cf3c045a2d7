import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

/**
 * A loopback HTTP server playing a host's webhook endpoint: records every request and answers with the
 * next status of `statuses` (then 200), after `delayMs`.
 */
export async function webhookReceiver(options: { statuses?: number[]; delayMs?: number } = {}) {
  const received: Received[] = [];
  const statuses = [...(options.statuses ?? [])];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      const status = statuses.shift() ?? 200;
      received.push({ headers: req.headers, body, status });
      setTimeout(() => res.writeHead(status).end(), options.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Sets the statuses the next requests get. */
    answer: (...next: number[]) => statuses.push(...next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
