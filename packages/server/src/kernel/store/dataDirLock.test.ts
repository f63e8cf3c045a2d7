import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { currentHolder, DataDirLockedError, lockDataDir, lockPath } from './dataDirLock.js';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'latch-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('data directory lock', () => {
  it('lets one holder in: a second opening of the same directory is refused, naming the holder', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir, 'server');
    expect(JSON.parse(readFileSync(lockPath(dir), 'utf8'))).toMatchObject({ pid: process.pid, role: 'server' });
    expect(statSync(lockPath(dir)).mode & 0o777).toBe(0o600);
    expect(() => lockDataDir(dir, 'cli')).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir, 'cli')).toThrow(/The Latch server is running on this data directory/);
    expect(currentHolder(dir)?.pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lockPath(dir))).toBe(false);
    lockDataDir(dir, 'cli').release();
  });

  it('takes over a stale lock whose process is dead (a crash or kill -9)', () => {
    const dir = freshDir();
    const pid = deadPid();
    writeFileSync(lockPath(dir), JSON.stringify({ pid, hostname: hostname(), role: 'server', since: '' }));
    expect(currentHolder(dir)).toBeUndefined();
    const lock = lockDataDir(dir, 'server');
    expect(JSON.parse(readFileSync(lockPath(dir), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('treats a lock written on another host as held, and a CLI holder with its own message', () => {
    const dir = freshDir();
    writeFileSync(lockPath(dir), JSON.stringify({ pid: deadPid(), hostname: 'elsewhere', role: 'cli', since: '' }));
    expect(() => lockDataDir(dir, 'server')).toThrow(/Another latch-server command .* is using this data directory/);
  });

  it('release leaves a lock that is no longer its own in place', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir, 'server');
    const other = JSON.stringify({ pid: process.pid, hostname: hostname(), role: 'cli', since: 'later' });
    writeFileSync(lockPath(dir), other);
    lock.release();
    expect(readFileSync(lockPath(dir), 'utf8')).toBe(other);
  });
});
