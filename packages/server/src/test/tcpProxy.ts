import type { AddressInfo } from 'node:net';
import { connect, createServer, type Server, type Socket } from 'node:net';

/** What the proxy does with traffic: forward it, refuse it (connections reset), or swallow it (a silent host). */
export type ProxyMode = 'open' | 'refuse' | 'silent';

/** A TCP proxy on a loopback port in front of a real server, which a test can cut and restore. */
export interface TcpProxy {
  /** The loopback port to connect to instead of the real one. */
  port: number;
  /** `url` with its host and port replaced by the proxy's (`postgres://…`, `redis://…`). */
  through(url: string): string;
  /**
   * 'refuse': every open connection is reset and new ones are reset at once (a stopped server);
   * 'silent': connections are accepted and nothing is forwarded either way (a partition);
   * 'open': forwarding again (connections opened while cut were closed, so clients reconnect cleanly).
   */
  set(mode: ProxyMode): void;
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 to `target` (host:port). Test helper: forwards bytes as they come. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'open';
  const pairs = new Set<{ client: Socket; upstream?: Socket; forwarding: boolean }>();
  const drop = (pair: { client: Socket; upstream?: Socket }) => {
    pair.client.resetAndDestroy();
    pair.upstream?.resetAndDestroy();
    pairs.delete(pair as never);
  };
  const server: Server = createServer((client) => {
    client.on('error', () => {});
    if (mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    const pair: { client: Socket; upstream?: Socket; forwarding: boolean } = { client, forwarding: mode === 'open' };
    pairs.add(pair);
    client.on('close', () => drop(pair));
    if (!pair.forwarding) return; // silent: accepted, never answered
    const upstream = connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', () => drop(pair));
    upstream.on('close', () => drop(pair));
    // Bytes move only while the pair forwards: a silent proxy swallows them.
    client.on('data', (chunk) => pair.forwarding && upstream.write(chunk));
    upstream.on('data', (chunk) => pair.forwarding && client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    through(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    set(next) {
      mode = next;
      for (const pair of [...pairs]) {
        if (next === 'refuse') drop(pair);
        else if (next === 'silent') pair.forwarding = false;
        // A connection that lost bytes while silent is broken: close it, its client reconnects.
        else if (!pair.forwarding) drop(pair);
      }
    },
    async close() {
      for (const pair of [...pairs]) drop(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
