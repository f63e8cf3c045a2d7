import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { LatchError, OPS_API } from '@latch/protocol';
import type { LatchContext, RouteDef } from '../kernel/http/env.js';
import type { LatchModule } from '../kernel/module.js';
import { failureMessage, parseCommand, runCommand } from './commands.js';

/**
 * The admin channel: how the CLI reaches a server that holds the embedded database (PGlite serves one
 * process). The server writes `<dataDir>/admin.json` (mode 0600: its pid, a loopback URL and a random
 * secret); the CLI reads it and posts its command line to OPS_API.adminChannel (`POST /api/v1/admin/cli`) with the secret.
 * The secret is the gate: only a local user who can read the data directory has it. Refusing browser
 * requests (Origin, Sec-Fetch-*) and non-loopback peers is defence in depth.
 */
const ADMIN_FILE = 'admin.json';
const MAX_BODY = 256 * 1024;

/** What `admin.json` holds. */
interface AdminEndpoint {
  pid: number;
  url: string;
  secret: string;
}

/** The output of a command run by the server. */
interface AdminResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A fresh admin secret (256 bits, base64url). */
export function createAdminSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Writes `admin.json` atomically (temp file + rename), readable by the owner only. */
export function writeAdminFile(dataDir: string, endpoint: AdminEndpoint): void {
  const path = join(dataDir, ADMIN_FILE);
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(endpoint), { mode: 0o600 });
  renameSync(temp, path);
}

/** Removes `admin.json` if it is still this server's. */
export function removeAdminFile(dataDir: string, secret: string): void {
  if (readAdminFile(dataDir)?.secret === secret) rmSync(join(dataDir, ADMIN_FILE), { force: true });
}

/** The running server's admin endpoint, if it published one. */
export function readAdminFile(dataDir: string): AdminEndpoint | undefined {
  try {
    const value = JSON.parse(readFileSync(join(dataDir, ADMIN_FILE), 'utf8')) as AdminEndpoint;
    return typeof value.url === 'string' && typeof value.secret === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

const isLoopback = (address: string | undefined) =>
  address !== undefined && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

/** True when the request comes from this machine: a loopback peer, or a peer on the very address it reached. */
function fromThisHost(c: LatchContext): boolean {
  try {
    const peer = getConnInfo(c).remote.address;
    const local = (c.env as { incoming?: { socket?: { localAddress?: string } } } | undefined)?.incoming?.socket
      ?.localAddress;
    return isLoopback(peer) || (peer !== undefined && peer === local);
  } catch {
    return false;
  }
}

async function readArgv(c: LatchContext): Promise<string[]> {
  const text = await c.req.text();
  if (text.length > MAX_BODY) throw new LatchError('invalid_data', 'The command is too long.');
  let argv: unknown;
  try {
    argv = (JSON.parse(text) as { argv?: unknown }).argv;
  } catch {
    throw new LatchError('invalid_data', 'The body must be {"argv": [strings]}.');
  }
  if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string')) {
    throw new LatchError('invalid_data', 'The body must be {"argv": [strings]}.');
  }
  // The server never reads files named by a forwarded command (the CLI inlines --config-file and the secret files).
  const file = argv.find((a) => /^--[a-z-]+-file(=|$)/.test(a));
  if (file) throw new LatchError('invalid_data', `Inline ${file.split('=')[0]}.`);
  return argv;
}

/** The admin route of a server that holds its data directory, gated by `secret`; commands run on its `modules`. */
export function adminRoute(secret: string, modules: readonly LatchModule[]): RouteDef {
  const expected = digest(secret);
  return {
    method: 'post',
    path: OPS_API.adminChannel,
    async handler(c) {
      const ctx = c.get('ctx');
      // Browsers send Sec-Fetch-Site on every request (Node's fetch sends Sec-Fetch-Mode, so not that one).
      if (c.req.header('origin') !== undefined || c.req.header('sec-fetch-site') !== undefined)
        throw new LatchError('invalid_origin', 'The admin channel does not answer browsers.');
      if (!fromThisHost(c)) throw new LatchError('not_found');
      const given = (c.req.header('authorization') ?? '').replace(/^Bearer /, '');
      if (!timingSafeEqual(digest(given), expected)) throw new LatchError('missing_or_invalid_token');
      const argv = await readArgv(c);
      const out: string[] = [];
      let result: AdminResult;
      try {
        const code = await runCommand(
          ctx,
          parseCommand(argv),
          (value) => out.push(`${JSON.stringify(value)}\n`),
          modules,
        );
        result = { code, stdout: out.join(''), stderr: '' };
      } catch (error) {
        result = { code: 1, stdout: out.join(''), stderr: `${failureMessage(error)}\n` };
      }
      ctx.logger.info({ command: argv.slice(0, 2).join(' '), code: result.code }, 'admin command');
      return c.json(result);
    },
  };
}

/** Sends a command line to the running server; throws when it cannot be reached or refuses. */
export async function forwardCommand(endpoint: AdminEndpoint, argv: string[]): Promise<AdminResult> {
  const response = await fetch(new URL(OPS_API.adminChannel, endpoint.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${endpoint.secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ argv }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(`the running server refused the command (${response.status}: ${body.message ?? 'no message'})`);
  }
  return (await response.json()) as AdminResult;
}
