import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../config/config.js';

/** Who holds a data directory: written into `<dataDir>/latch.lock`. */
export interface LockHolder {
  pid: number;
  hostname: string;
  /** `server` for `latch-server start` (and embedding hosts), `cli` for a one-off CLI command. */
  role: 'server' | 'cli';
  since: string;
}

/** A held lock; `release()` removes the lock file if it is still ours. */
export interface DataDirLock {
  readonly path: string;
  readonly holder: LockHolder;
  release(): void;
}

/** Thrown when another live process holds the data directory. */
export class DataDirLockedError extends ConfigError {
  constructor(
    readonly lockPath: string,
    readonly holder: LockHolder,
    /** Why the CLI could not go through the running server, when it tried. */
    unreachable?: string,
  ) {
    super(
      holder.role === 'server'
        ? `The Latch server is running on this data directory (pid ${holder.pid}, lock ${lockPath}). The embedded database (PGlite) serves one process only, so nothing else may open it: ${unreachable ? `the server could not run this command (${unreachable}); stop the server and run it again` : 'stop the server first, or run CLI commands once it is listening (they go through it)'}. If no Latch process has pid ${holder.pid}, delete the lock file.`
        : `Another latch-server command (pid ${holder.pid}) is using this data directory (lock ${lockPath}); wait for it to finish. If no Latch process has pid ${holder.pid}, delete the lock file.`,
    );
    this.name = 'DataDirLockedError';
  }
}

const LOCK_FILE = 'latch.lock';
/** A breaker older than this belongs to a process that died while breaking a stale lock. */
const BREAKER_STALE_MS = 10_000;
/** A lock file still empty after this long was left by a process that died between create and write. */
const EMPTY_STALE_MS = 2_000;

// Synchronous on purpose: the lock is taken once, at start, before the process serves anything.
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** The path of the data directory's lock file. */
export function lockPath(dataDir: string): string {
  return join(dataDir, LOCK_FILE);
}

function parseHolder(raw: string): LockHolder | undefined {
  try {
    const value = JSON.parse(raw) as LockHolder;
    return Number.isInteger(value.pid) && typeof value.hostname === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** True when the holder may still be running: a pid of this host that exists (or that we cannot signal). */
function alive(holder: LockHolder): boolean {
  // A lock written on another host (a shared volume) cannot be checked from here: treat it as held.
  if (holder.hostname !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live holder of the data directory's lock, if any (a stale lock reads as none). */
export function currentHolder(dataDir: string): LockHolder | undefined {
  try {
    const holder = parseHolder(readFileSync(lockPath(dataDir), 'utf8'));
    return holder && alive(holder) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Removes a stale lock whose content is still `raw`. A second O_EXCL file serialises breakers, so two
 * processes that both saw the same stale lock cannot remove a fresh lock the first one just took.
 */
function breakStale(path: string, raw: string): void {
  const breaker = `${path}.break`;
  let fd: number;
  try {
    fd = openSync(breaker, 'wx', 0o600);
  } catch {
    if (ageMs(breaker) > BREAKER_STALE_MS) rmSync(breaker, { force: true });
    return;
  }
  try {
    if (readFileSync(path, 'utf8') === raw) unlinkSync(path);
  } catch {
  } finally {
    closeSync(fd);
    rmSync(breaker, { force: true });
  }
}

/**
 * Takes the exclusive lock of a data directory whose embedded database this process is about to open:
 * `<dataDir>/latch.lock`, created with O_EXCL and holding the pid. A lock whose pid is dead (a crash,
 * kill -9) is stale and taken over; a live one throws DataDirLockedError. Released on `release()` and
 * on process exit.
 */
export function lockDataDir(dataDir: string, role: LockHolder['role']): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = lockPath(dataDir);
  const holder: LockHolder = { pid: process.pid, hostname: hostname(), role, since: new Date().toISOString() };
  const content = `${JSON.stringify(holder)}\n`;
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      try {
        writeFileSync(fd, content);
      } finally {
        closeSync(fd);
      }
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (readFileSync(path, 'utf8') === content) unlinkSync(path);
        } catch {}
      };
      process.on('exit', release);
      return { path, holder, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let raw: string;
    try {
      raw = readFileSync(path, 'utf8');
    } catch {
      continue; // released between our open and read: try again
    }
    const existing = parseHolder(raw);
    if (existing && alive(existing)) throw new DataDirLockedError(path, existing);
    // Empty or partial: its writer may be between create and write; wait unless it is old.
    if (!existing && ageMs(path) < EMPTY_STALE_MS) {
      sleep(50);
      continue;
    }
    breakStale(path, raw);
    sleep(10);
  }
  throw new ConfigError(`Could not take the lock ${path}; remove it if no Latch process uses this data directory.`);
}
