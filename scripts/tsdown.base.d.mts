import type { UserConfig } from 'tsdown';

/** The custom export condition that resolves a @latch/* package to its TypeScript source inside the monorepo. */
export const SOURCE_CONDITION: '@latch/source';
/** The published client packages (directories under packages/), in build order: each depends only on earlier ones. */
export const PUBLISHED_PACKAGES: readonly string[];
/** The source files a package publishes: every `exports` entry that has an `import` (built) target. */
export function publishedEntries(exports: Record<string, unknown>): string[];
/** The package's modules the published entries reach through relative imports (paths relative to `dir`). */
export function reachableModules(dir: string, entries: readonly string[]): string[];
/** The tsdown config of the package in `dir`: ESM + .d.ts + source maps in dist/, entries read from its package.json `exports`. */
export function latchPackage(dir: string): UserConfig;
/** Builds the published packages (all, or the `names` given) into their dist/ directories, in order. */
export function buildPackages(root: string, names?: readonly string[]): Promise<void>;
