// One side of an A/B run of the Latch server: a worktree on disk (run as it is, with its own
// node_modules) or a git revision (extracted to a temporary folder, the dependencies linked from
// this checkout's node_modules, the @latch workspace packages pointing at the revision's own).
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** What a host needs from a revision: the workspace packages, the bench and the root manifests. */
const ARCHIVED = ['packages', 'bench', 'package.json', 'tsconfig.json'];

/** `git rev-parse --short` of `revision` in the repository at `cwd`, or undefined. */
function shortCommit(cwd, revision = 'HEAD') {
  try {
    return execFileSync('git', ['rev-parse', '--short', revision], { cwd, encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

/** `revision` of `root`'s repository in a temporary folder that runs with `root`'s dependencies. */
function revisionTree(root, revision) {
  const commit = shortCommit(root, `${revision}^{commit}`);
  if (!commit) throw new Error(`${revision} is neither a directory nor a revision of ${root}`);
  const dir = mkdtempSync(join(tmpdir(), 'latch-side-'));
  const present = ARCHIVED.filter((path) => {
    try {
      execFileSync('git', ['cat-file', '-e', `${revision}:${path}`], { cwd: root, stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  });
  const archive = execFileSync('git', ['archive', revision, ...present], { cwd: root, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  mkdirSync(join(dir, 'node_modules', '@latch'), { recursive: true });
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name !== '@latch') symlinkSync(join(root, 'node_modules', name), join(dir, 'node_modules', name));
  }
  // Workspace links are relative (../../packages/server): the same link inside `dir` reaches the revision's copy.
  for (const name of readdirSync(join(root, 'node_modules', '@latch'))) {
    const target = readlinkSync(join(root, 'node_modules', '@latch', name));
    if (existsSync(resolve(dir, 'node_modules', '@latch', target))) {
      symlinkSync(target, join(dir, 'node_modules', '@latch', name));
    }
  }
  return {
    label: `${revision} (${commit})`,
    root: dir,
    script: join(dir, 'bench/server/latchHost.ts'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * The host script of `side` — a directory (a worktree with its node_modules) or a revision of
 * `root`'s repository — as `{ label, root, script, remove() }`. Each side runs its own latchHost.ts, so a
 * change of the server's entry API between the two sides is absorbed by the side's own host.
 */
export function sideTree(root, side) {
  if (existsSync(side) && statSync(side).isDirectory()) {
    const dir = resolve(side);
    const commit = shortCommit(dir);
    const dirty = commit && execFileSync('git', ['status', '--porcelain'], { cwd: dir, encoding: 'utf8' }).trim();
    return {
      label: `${dir}${commit ? ` (${commit}${dirty ? ', with local changes' : ''})` : ''}`,
      root: dir,
      script: join(dir, 'bench/server/latchHost.ts'),
      remove: () => {},
    };
  }
  return revisionTree(root, side);
}

/** CPU milliseconds (user + system) process `pid` has used so far; 0 once it is gone. */
export function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
}

/** CPU milliseconds (user + system) of every process whose command line passes `match`. */
export function matchingCpuMs(match) {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (match(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '))) total += processCpuMs(pid);
    } catch {
      // The process ended between listing and reading.
    }
  }
  return total;
}
