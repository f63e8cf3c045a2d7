import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPS_API } from '@latch/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLatchServer, type LatchServer } from '../index.js';
import { createTestServer, testSettings } from '../test/harness.js';

const dataDir = mkdtempSync(join(tmpdir(), 'latch-admin-'));
let server: LatchServer;

beforeAll(async () => {
  server = await createLatchServer(testSettings({ inMemoryDb: false, dataDir }));
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Posts a command line to the admin route as a peer at `remote`. */
function post(argv: unknown, remote: string, headers: Record<string, string> = {}) {
  return server.app.request(
    OPS_API.adminChannel,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminSecret}`, ...headers },
      body: JSON.stringify({ argv }),
    },
    { incoming: { socket: { remoteAddress: remote, localAddress: '10.0.0.5' } } },
  );
}

it('runs a command for a local peer with the secret, and answers nothing to another machine', async () => {
  expect(server.adminSecret).toMatch(/^[\w-]{43}$/);
  const local = await post(['apps', 'create', '--name', 'ViaAdmin'], '127.0.0.1');
  expect(local.status).toBe(200);
  const result = (await local.json()) as { code: number; stdout: string };
  expect(result.code).toBe(0);
  const { app_id } = JSON.parse(result.stdout);
  expect((await server.ctx.apps.get(app_id))?.name).toBe('ViaAdmin');
  // The server's own non-loopback address (a CLI reaching a server bound to one interface) is this machine too.
  expect((await post(['apps', 'list'], '10.0.0.5')).status).toBe(200);
  expect((await post(['apps', 'list'], '10.0.0.9')).status).toBe(404);
});

it('refuses bad command lines with a clear answer, and never reads a file a command names', async () => {
  const bad = await post(['apps', 'create', '--config-file', '/etc/passwd'], '127.0.0.1');
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { error: string }).error).toBe('invalid_data');
  expect((await post('apps list', '127.0.0.1')).status).toBe(400);
  const unknown = (await (await post(['nope'], '127.0.0.1')).json()) as { code: number; stderr: string };
  expect(unknown).toMatchObject({ code: 1, stderr: expect.stringContaining('Unknown command "nope"') });
});

it('exists only on a server that holds a PGlite data directory', async () => {
  const inMemory = await createTestServer({});
  try {
    expect(inMemory.adminSecret).toBeUndefined();
    const response = await inMemory.app.request(OPS_API.adminChannel, {
      method: 'POST',
      body: '{"argv":["apps","list"]}',
    });
    expect(response.status).toBe(404);
  } finally {
    await inMemory.close();
  }
});
