// Test-only: the real server (Hono app.request on PGlite) as the frame sees it. Never bundled (no
// entry point imports it); the cross-package imports are for tests only.
import { API, type StepUpAction, type TokenResponse } from '@latch/protocol';
import { IDBFactory } from 'fake-indexeddb';
import { sql } from 'kysely';
import type { AppInput } from '../../../server/src/identity/apps/appInput.js';
import { stepUpForTest } from '../../../server/src/identity/stepUp/testing/stepUpForTest.js';
import type { Settings } from '../../../server/src/kernel/config/config.js';
import { passwordlessTestClient } from '../../../server/src/modules/passwordless/testing/passwordlessTestClient.js';
import { type Backend, createTestServer, type TestServer } from '../../../server/src/test/harness.js';
import { type FrameConfig, openFrameWallet } from '../bootFrame.js';

export const PUBLIC_URL = 'http://localhost:8787';
// Cheap Argon2id here; the real cost is covered by the recovery unit tests.
export const FAST = { m: 256, t: 1, p: 1 };

/**
 * One app on a real test server, with fresh email logins (each returns a device grant) and frames.
 * `app` (e.g. MFA settings in its config) applies to that app, not to the other one; `settings` to the
 * server; `backend` (the harness's `backends()`) runs it on PostgreSQL / Redis instead of PGlite.
 */
export async function frameTestServer(
  options: { app?: AppInput; settings?: Partial<Settings>; backend?: Backend } = {},
) {
  const prepared = options.backend ? await options.backend.prepare() : null;
  const settings = prepared?.settings ?? { inMemoryDb: true };
  const server: TestServer = await createTestServer({ ...settings, ...options.settings, publicUrl: PUBLIC_URL });
  const app = await server.createApp(options.app ?? {});
  const other = await server.createApp();
  const clients = {
    [app.appId]: passwordlessTestClient(server, app.appId, app.clientId),
    [other.appId]: passwordlessTestClient(server, other.appId, other.clientId),
  };
  // No Origin, no Sec-Fetch-*: the device proof is the gate, not browser headers.
  const frameFetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    return server.app.request(`${url.pathname}${url.search}`, init);
  };
  const config = (appId = app.appId): FrameConfig => ({
    appId,
    apiUrl: PUBLIC_URL,
    issuer: PUBLIC_URL,
    allowedOrigins: ['https://host.example'],
  });

  return {
    server,
    appId: app.appId,
    clientId: app.clientId,
    otherAppId: other.appId,
    frameFetch,
    config,
    /** A fresh email login (code from the dev outbox): token, refresh token and device grant. */
    async login(email: string, appId = app.appId): Promise<{ token: string; grant: string; refresh: string }> {
      const client = clients[appId];
      if (!client) throw new Error('unknown app');
      const response = await client.emailLogin(email);
      const body = (await response.json()) as TokenResponse;
      if (response.status !== 200 || !body.token || !body.device_grant) {
        throw new Error(`login answered ${response.status}: ${JSON.stringify(body)}`);
      }
      return { token: body.token, grant: body.device_grant, refresh: body.refresh_token ?? '' };
    },
    /** A step-up of the token's session for `action`, with the user's email or phone (server stepUp/testing). */
    async stepUp(token: string, action: StepUpAction, appId = app.appId) {
      const clientId = appId === app.appId ? app.clientId : other.clientId;
      await stepUpForTest(server, { appId, clientId, token }, action);
    },
    /** The newest dev-outbox message to `recipient`. */
    async latestMessage(recipient: string) {
      const list = await clients[app.appId]?.outbox();
      const message = list?.find((m) => m.recipient === recipient);
      if (!message) throw new Error(`No message to ${recipient} in the dev outbox`);
      return message;
    },
    /** A frame page load: its own IndexedDB (a browser profile) unless one is given. */
    async device(idb = new IDBFactory(), options: { appId?: string; fetch?: typeof fetch } = {}) {
      const fetch = options.fetch ?? frameFetch;
      return { idb, wallet: await openFrameWallet(idb, config(options.appId), { fetch, argon2: FAST }) };
    },
    /** Logs a session out through the real endpoint. */
    async logout(token: string) {
      await server.call('POST', API.logout, {
        body: {},
        headers: { authorization: `Bearer ${token}` },
      });
    },
    /** Every row of every table as JSON text (to prove no key material is stored). */
    async databaseText(): Promise<string> {
      const tables = await server.db.introspection.getTables();
      const parts: string[] = [];
      for (const t of tables) {
        const { rows } = await sql<{
          r: string;
        }>`select row_to_json(x)::text as r from ${sql.table(t.name)} x`.execute(server.db);
        parts.push(...rows.map((row) => row.r));
      }
      return parts.join('\n');
    },
    async close() {
      await server.close();
      await prepared?.dispose();
    },
  };
}

export type FrameTestServer = Awaited<ReturnType<typeof frameTestServer>>;
