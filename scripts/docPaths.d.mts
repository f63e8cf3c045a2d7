/** A path a doc names: where, and whether it is a link target (relative to the doc) or a named path. */
export interface DocPath {
  path: string;
  line: number;
  link: boolean;
}
/** Backticked paths the docs name that are not files of the repository, each with why. */
export const NOT_IN_REPOSITORY: Record<string, string>;
/** The paths a markdown text names (backticked, bare `dir/file.ext` in prose, relative links), outside fenced code. */
export function pathsInMarkdown(text: string): DocPath[];
/** Every tracked (or new, not ignored) file of the repository at `root`, and every folder above one ('/'-ended). */
export function repositoryPaths(root: string): Set<string>;
/** Whether `found`, named in the doc at `docPath`, exists in `paths`. */
export function pathExists(paths: Set<string>, docPath: string, found: DocPath): boolean;
/** The docs whose paths are checked: README.md and docs/*.md. */
export function checkedDocs(paths: Set<string>): string[];
/** Every path the checked docs name that does not exist, as `doc:line path` strings. */
export function missingDocPaths(root: string): string[];
