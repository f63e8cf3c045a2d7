import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import { forwardCommand, readAdminFile } from './admin/adminChannel.js';
import { inlineConfigFile } from './admin/appSummary.js';
import { assertRunnable, type Command, failureMessage, parseCommand, runCommand, USAGE } from './admin/commands.js';
import { DEFAULT_KEYS_FILE, generateKeysFile } from './admin/generateKeysFile.js';
import { inlineSecrets } from './admin/secretOptions.js';
import { UsageError } from './admin/usageError.js';
import { createLatchServer, startServer } from './index.js';
import { environmentOf, loadSettings, type Settings } from './kernel/config/config.js';
import { deferWasmTierUp } from './kernel/deferWasmTierUp.js';
import { createLogger } from './kernel/logger.js';
import { currentHolder, DataDirLockedError, lockDataDir, lockPath } from './kernel/store/dataDirLock.js';
import { openDb } from './kernel/store/db.js';
import { migrateServer } from './serverMigrations.js';

/** Where a CLI run reads its environment and writes its output: this process, or a caller's capture. */
export interface CliIO {
  /** The environment to read settings from; this process's when absent (only config.ts reads the environment itself). */
  env?: NodeJS.ProcessEnv;
  cwd: string;
  stdout(text: string): void;
  stderr(text: string): void;
}

const processIO: CliIO = {
  cwd: process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

const printer = (io: CliIO) => (value: unknown) => io.stdout(`${JSON.stringify(value)}\n`);

/** Runs a data command in this process, on its own handle of the database. */
async function runLocally(settings: Settings, cmd: Command, io: CliIO): Promise<number> {
  const print = printer(io);
  if (cmd.command === 'migrate') {
    // Only the schema: no keys needed. The data directory is locked like any other opening of PGlite.
    const lock = settings.databaseUrl ? undefined : lockDataDir(settings.dataDir, 'cli');
    try {
      const { db } = openDb(settings);
      try {
        print({ migrated: await migrateServer(db) });
      } finally {
        await db.destroy();
      }
    } finally {
      lock?.release();
    }
    return 0;
  }
  const server = await createLatchServer(settings, {
    // The server's warnings go where the command's own errors go.
    logger: createLogger(
      'warn',
      new Writable({
        write(chunk, _encoding, done) {
          io.stderr(String(chunk));
          done();
        },
      }),
    ),
    lockRole: 'cli',
  });
  try {
    return await runCommand(server.ctx, cmd, print, server.modules);
  } finally {
    await server.close();
  }
}

/**
 * Runs the command through the server that holds the data directory (PGlite serves one process).
 * Returns undefined when no server holds it, so the command runs locally.
 */
async function runThroughServer(settings: Settings, argv: string[], io: CliIO): Promise<number | undefined> {
  if (settings.databaseUrl) return undefined;
  const holder = currentHolder(settings.dataDir);
  if (!holder) return undefined;
  const endpoint = readAdminFile(settings.dataDir);
  if (holder.role !== 'server' || endpoint?.pid !== holder.pid) {
    // A CLI command, or a server still starting: never open the directory a second time.
    throw new DataDirLockedError(lockPath(settings.dataDir), holder);
  }
  let result: Awaited<ReturnType<typeof forwardCommand>>;
  try {
    result = await forwardCommand(endpoint, inlineConfigFile(argv));
  } catch (error) {
    throw new DataDirLockedError(lockPath(settings.dataDir), holder, (error as Error).message);
  }
  io.stdout(result.stdout);
  io.stderr(result.stderr);
  return result.code;
}

async function runStart(io: CliIO): Promise<void> {
  const settings = loadSettings(io.env, io.cwd);
  const server = await startServer(settings);
  server.ctx.logger.info(
    { url: server.url, dev: settings.dev, database: server.ctx.dbKind, redis: Boolean(settings.redisUrl) },
    'latch server listening',
  );
  const stop = (signal: string) => {
    server.ctx.logger.info({ signal }, 'shutting down: finishing in-flight requests');
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

/** `mail-sink [--port N]`: prints every email sent to it until stopped (delivery/mailSink.ts). */
async function runMailSink(cmd: Command, io: CliIO): Promise<void> {
  const port = cmd.values.port === undefined ? undefined : Number(cmd.values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535))
    throw new UsageError(`--port must be a port number (0-65535), got "${cmd.values.port}".`);
  // Loaded here: smtp-server is no part of what `start` loads.
  const { startMailSink } = await import('./kernel/delivery/mailSink.js');
  const sink = await startMailSink({ port, print: io.stdout });
  io.stdout(
    `mail-sink: listening on ${sink.url}; prints every email sent there (SMTP_URL=${sink.url}). Ctrl-C stops.\n`,
  );
  const stop = () => sink.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** Runs the CLI with `argv` (without node and script); resolves to the exit code, rejects on failure. */
export async function main(argv: string[], io: CliIO = processIO): Promise<number> {
  const cmd = parseCommand(argv);
  if (cmd.values.help || !cmd.command) {
    io.stdout(USAGE);
    return 0;
  }
  if (cmd.command === 'start') {
    await runStart(io);
    return 0;
  }
  if (cmd.command === 'mail-sink') {
    await runMailSink(cmd, io);
    return 0;
  }
  if (cmd.command === 'keys' && cmd.sub === 'generate') {
    // No database, no settings: the keys come before anything else exists.
    const out = resolve(io.cwd, cmd.values.out ?? DEFAULT_KEYS_FILE);
    const result = generateKeysFile(out);
    if (!result.created) io.stderr(`${out} exists: its keys are kept (the database was sealed with them).\n`);
    printer(io)(result);
    return 0;
  }
  // Mistakes fail before any database is opened or any server is asked.
  assertRunnable(cmd);
  const settings = loadSettings(io.env, io.cwd);
  // Secrets are read here, by the CLI process, from their files or the environment (admin/secretOptions.ts).
  const ready = inlineSecrets(argv, environmentOf(io.env));
  return (await runThroughServer(settings, ready, io)) ?? runLocally(settings, parseCommand(ready), io);
}

/** Runs `main` as the command line does: a failure prints its message and exits 1. */
export async function runCli(argv: string[], io: CliIO = processIO): Promise<number> {
  deferWasmTierUp();
  try {
    return await main(argv, io);
  } catch (error) {
    io.stderr(`${failureMessage(error)}\n`);
    return 1;
  }
}

const isEntry = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isEntry) {
  deferWasmTierUp();
  main(process.argv.slice(2)).then(
    (code) => {
      if (code !== 0) process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${failureMessage(error)}\n`);
      process.exit(1);
    },
  );
}
