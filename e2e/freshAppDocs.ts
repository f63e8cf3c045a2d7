// The install lines docs/install.md documents, read from the page itself: the fresh-app e2e runs exactly these,
// so the page and the test cannot drift apart.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const INSTALL_DOC = join(import.meta.dirname, '..', 'docs', 'install.md');

/** The `npm install …` lines of the ```sh blocks under the `## <heading>` of docs/install.md, as written. */
export function documentedInstallLines(heading: string): string[] {
  const doc = readFileSync(INSTALL_DOC, 'utf8');
  const start = doc.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`docs/install.md has no section "## ${heading}"`);
  const end = doc.indexOf('\n## ', start + 1);
  const section = doc.slice(start, end < 0 ? undefined : end);
  const lines = [...section.matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap(([, block]) => (block ?? '').split('\n'))
    .map((line) => line.trim())
    .filter((line) => line.startsWith('npm install '));
  if (!lines.length) throw new Error(`docs/install.md's "## ${heading}" documents no npm install line`);
  return lines;
}

/** The one install line of a section, split into npm's arguments (`install`, then the package names). */
export function documentedInstall(heading: string): string[] {
  const lines = documentedInstallLines(heading);
  if (lines.length !== 1) throw new Error(`"## ${heading}" documents ${lines.length} install lines, not one`);
  return (lines[0] ?? '').split(/\s+/).slice(1);
}

/** The code block of docs/install.md whose first line is `// <file> …` (a file the page tells the reader to write). */
export function documentedFile(file: string): string {
  const doc = readFileSync(INSTALL_DOC, 'utf8');
  const block = [...doc.matchAll(/```tsx?\n([\s\S]*?)```/g)]
    .map(([, code]) => code ?? '')
    .find((code) => code.startsWith(`// ${file} `));
  if (!block) throw new Error(`docs/install.md shows no ${file}`);
  return block;
}
