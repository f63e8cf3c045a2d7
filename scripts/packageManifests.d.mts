/** A package.json, as far as these rules read it. */
export interface Manifest {
  name: string;
  version?: string;
  private?: boolean;
  type?: string;
  license?: string;
  repository?: { url?: string; directory?: string };
  engines?: { node?: string };
  files?: string[];
  sideEffects?: boolean | string[];
  scripts?: Record<string, string>;
  exports?: Record<string, unknown>;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** Reads the root and every workspace's package.json. */
export function readManifests(root: string): { root: Manifest; workspaces: { dir: string; pkg: Manifest }[] };
/** The dist path a source module builds to (src/a/b.tsx → dist/a/b.js, or .d.ts for types). */
export function builtPath(source: string, kind: 'types' | 'import'): string;
/** What is wrong with a published workspace's manifest: a list of sentences, empty when it follows the rules. */
export function problems(rootPkg: Manifest, dir: string, pkg: Manifest): string[];
