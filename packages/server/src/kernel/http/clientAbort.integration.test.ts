import { connect } from 'node:net';
import { PASSWORDLESS_API } from '@latch/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../index.js';
import { testSettings, widgetHeaders } from '../../test/harness.js';
import { captureLogs } from '../delivery/testing/captureLogs.js';

// A client that sends half a body and hangs up is not a server failure: a slow-body client must not
// write an error line per socket (nor a 500 in the metrics), only a debug line marked aborted.
const logs = captureLogs('trace');
let running: RunningServer;
beforeAll(async () => {
  running = await startServer(testSettings({ port: 0 }), { logger: logs.logger });
});
afterAll(() => running.close());

/** Opens a raw socket, sends the head and part of a body, waits, then closes the socket. */
async function halfBodyThenClose(path: string, headers: Record<string, string>, framing: string, partial: string) {
  const socket = connect(Number(new URL(running.url).port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(
    `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n${head}${framing}\r\n${partial}`,
  );
  await new Promise((resolve) => setTimeout(resolve, 150));
  socket.destroy();
}

const parsed = () => logs.lines.map((line) => JSON.parse(line) as { level: number; msg: string; aborted?: boolean });

it('half a body and a closed socket log no error-level line, only a debug line marked aborted', async () => {
  const app = await running.ctx.apps.create({});
  const headers = widgetHeaders(app.id, app.clientIds[0]!);
  const before = logs.lines.length;
  await halfBodyThenClose(PASSWORDLESS_API.emailInit, headers, 'content-length: 200\r\n', '{"email":"a');
  await halfBodyThenClose(PASSWORDLESS_API.emailInit, headers, 'transfer-encoding: chunked\r\n', '5\r\n{"ema\r\n');
  await halfBodyThenClose('/api/v1/dev/apps', {}, 'content-length: 500\r\n', '{"name":');
  // The server notices each disconnect on its own schedule: wait for the three request lines.
  const deadline = Date.now() + 10_000;
  while (
    parsed()
      .slice(before)
      .filter((l) => l.msg.startsWith('request')).length < 3 &&
    Date.now() < deadline
  ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const lines = parsed().slice(before);
  expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  expect(lines.filter((l) => l.aborted === true && l.level === 20)).toHaveLength(3);
  const metrics = await (await fetch(`${running.url}/metrics`)).text();
  expect(metrics).not.toMatch(/status="500"/);
  // The server still answers the next, whole request.
  const ok = await fetch(`${running.url}${PASSWORDLESS_API.emailInit}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'whole@example.com' }),
  });
  expect(ok.status).toBe(200);
});
