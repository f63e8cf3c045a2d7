import { execFile } from 'node:child_process';
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./wait-for-start.sh', import.meta.url));
const APP_ID = 'abcdefghijklmnopqrstuvwxy';

/** Runs the script; resolves with its exit code, stdout and how long it took. */
function waitForStart(log: string, url: string, seconds: number) {
  const started = Date.now();
  return new Promise<{ code: number; stdout: string; ms: number }>((resolve) => {
    execFile('bash', [script, log, url, url, String(seconds)], (error, stdout) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: stdout.trim(), ms: Date.now() - started }),
    );
  });
}

// `.ci/run` waits with this script: the race it closes is URLs answering before `npm start` printed its ids.
describe('scripts/wait-for-start.sh', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('keeps waiting while the URLs answer but the "App id:" line is not in the log yet', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'wait-start-')), 'start.log');
    writeFileSync(log, '[server] listening\n');
    const run = waitForStart(log, url, 20);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    appendFileSync(log, `\n  Latch is running.\n    App id:       ${APP_ID}\n    Client id:    client-x\n`);
    const result = await run;
    expect(result).toMatchObject({ code: 0, stdout: APP_ID });
    expect(result.ms).toBeGreaterThanOrEqual(1500);
  }, 30_000);

  it('gives up with exit 1 when the line never comes', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'wait-start-')), 'start.log');
    writeFileSync(log, '');
    expect(await waitForStart(log, url, 2)).toMatchObject({ code: 1, stdout: '' });
  }, 30_000);
});
