import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createLatchServer, type LatchServer, type ServerOverrides } from '../index.js';
import type { Settings } from '../kernel/config/config.js';
import { testSettings } from './harness.js';
import { migratedPgliteMaker } from './pgliteTemplate.js';

/** A real server listening on a loopback port, for suites that talk to it over HTTP as a client does. */
export interface HttpTestServer {
  latch: LatchServer;
  /** `http://127.0.0.1:<port>`. */
  apiUrl: string;
  close(): Promise<void>;
}

/** Starts a test server (testSettings + `settings`, in-memory PGlite from the migrated dump) on 127.0.0.1:0. */
export async function startHttpTestServer(
  settings: Partial<Settings> = {},
  overrides: ServerOverrides = {},
): Promise<HttpTestServer> {
  const latch = await createLatchServer(testSettings(settings), {
    inMemoryPglite: await migratedPgliteMaker(),
    ...overrides,
  });
  const http = await new Promise<Server>((resolve) => {
    const server = serve({ fetch: latch.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(server as Server));
  });
  return {
    latch,
    apiUrl: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    async close() {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await latch.close();
    },
  };
}
