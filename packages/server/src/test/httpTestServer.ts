import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { DEV_API } from '@latch/protocol';
import { createLatchServer, type LatchServer, type ServerOverrides } from '../index.js';
import type { Settings } from '../kernel/config/config.js';
import { testSettings } from './harness.js';
import { migratedPgliteMaker } from './pgliteTemplate.js';

/** A real server listening on a loopback port, for suites that talk to it over HTTP as a client does. */
export interface HttpTestServer {
  latch: LatchServer;
  /** `http://127.0.0.1:<port>`. */
  apiUrl: string;
  /** Creates an app over HTTP as a client's developer does (dev mode's POST /api/v1/dev/apps); throws unless 201. */
  createApp(body: { name: string; config: Record<string, unknown> } & Record<string, unknown>): Promise<CreatedApp>;
  close(): Promise<void>;
}

/** The ids of an app made by `HttpTestServer.createApp`. */
export interface CreatedApp {
  appId: string;
  clientId: string;
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
  const apiUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    latch,
    apiUrl,
    async createApp(body) {
      const created = await fetch(`${apiUrl}${DEV_API.apps}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (created.status !== 201)
        throw new Error(`Creating the app answered ${created.status}: ${await created.text()}`);
      const { app_id: appId, client_id: clientId } = (await created.json()) as { app_id: string; client_id: string };
      return { appId, clientId };
    },
    async close() {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await latch.close();
    },
  };
}
