import { expect } from 'vitest';
import { parseCommand, runCommand } from '../../../admin/commands.js';
import type { TestServer } from '../../../test/harness.js';

/** `Authorization: Basic base64(appId:secret)`, as @latch/node sends it. */
export const basic = (appId: string, secret: string) => `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`;

/** Runs a CLI command on the server's context; returns what it printed. */
export async function cli(server: TestServer, argv: string[]): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  const code = await runCommand(server.ctx, parseCommand(argv), (value) => out.push(value as Record<string, unknown>));
  expect(code).toBe(0);
  return out;
}

/** Calls the admin API as a backend would (no Origin) from `ip`, with `authorization` when given, and a JSON body. */
export function adminRequest(
  server: TestServer,
  method: string,
  path: string,
  authorization: string | undefined,
  body?: unknown,
  ip = '203.0.113.9',
) {
  const headers: Record<string, string> = authorization ? { authorization } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  return server.app.request(
    path,
    { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: ip } } },
  );
}

/** An app with an app secret; `auth` is its Authorization header. */
export async function appWithSecret(server: TestServer, config: Record<string, unknown> = { sms_auth: true }) {
  const { appId, clientId } = await server.createApp({ name: 'Admin writes', config });
  const [created] = await cli(server, ['apps', 'secret', 'create', appId]);
  const secret = created!.secret as string;
  return { appId, clientId, secret, auth: basic(appId, secret) };
}
