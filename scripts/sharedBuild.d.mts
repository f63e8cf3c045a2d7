/** The workspaces built and packed (directories under packages/): the client packages in build order, then the server. */
export const SHARED_BUILD_PACKAGES: readonly string[];
/** Where the shared build's tarballs and record live. */
export function sharedBuildDir(root: string): string;
/** The content hash of everything the shared build reads: a changed source, config or lock file changes it. */
export function sourceKey(root: string): string;
/** Builds and packs every SHARED_BUILD_PACKAGES workspace and records the hashes; returns tarball paths by package name. */
export function sharedBuild(root: string, options?: { frameBuilt?: boolean }): Promise<Record<string, string>>;
/** Records a build of the sources whose key is `source`: that key, the hash of its output as it is now, its tarballs. */
export function recordSharedBuild(root: string, source: string, tarballs: Record<string, string>): void;
/** The shared build's tarball paths by package name when it matches the tree as it is now; undefined otherwise. */
export function currentSharedBuild(root: string): Record<string, string> | undefined;
