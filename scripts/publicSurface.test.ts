// The public surface of every package: the names each entry point of its package.json `exports` offers,
// values and types. A change to what a package exports shows as a diff in scripts/publicSurface/*.txt
// (update with `npx vitest run scripts/publicSurface.test.ts -u` when the change is meant).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const PACKAGES = ['protocol', 'core', 'react', 'wallet-frame', 'server', 'node'];

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The names a module file exports (`type ` before type-only ones); fails on `export *` without a name. */
function exportedNames(source: string, fileName = 'entry.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const names: string[] = [];
  for (const node of file.statements) {
    if (ts.isExportDeclaration(node)) {
      const clause = node.exportClause;
      if (!clause) throw new Error(`${fileName}: \`export *\` hides the public surface; list the names`);
      if (ts.isNamespaceExport(clause)) names.push(`namespace ${clause.name.text}`);
      else
        for (const element of clause.elements)
          names.push(`${node.isTypeOnly || element.isTypeOnly ? 'type ' : ''}${element.name.text}`);
    } else if (ts.isExportAssignment(node)) names.push('default');
    else if (isExported(node)) {
      if (ts.isVariableStatement(node))
        for (const d of node.declarationList.declarations) names.push(d.name.getText(file));
      else if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) names.push(`type ${node.name.text}`);
      else if (
        (ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isEnumDeclaration(node)) &&
        node.name
      )
        names.push(node.name.text);
    }
  }
  return names.sort((a, b) => a.replace(/^(type|namespace) /, '').localeCompare(b.replace(/^(type|namespace) /, '')));
}

describe('exportedNames', () => {
  it('lists values, types and namespaces, and refuses a bare export *', () => {
    expect(
      exportedNames(
        "export { a, type B } from './x.js';\nexport type { C } from './y.js';\nexport * as ns from './z.js';\nexport const d = 1;\nexport interface E {}\nexport function f() {}",
      ),
    ).toEqual(['a', 'type B', 'type C', 'd', 'type E', 'f', 'namespace ns']);
    expect(() => exportedNames("export * from './x.js';")).toThrow(/export \*/);
  });
});

describe('public surface', () => {
  for (const name of PACKAGES) {
    it(`@latch/${name}`, async () => {
      const dir = join(ROOT, 'packages', name);
      const { exports } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        exports: Record<string, string | { '@latch/source': string }>;
      };
      // A published package's entry names its source under the monorepo's condition (scripts/tsdown.base.ts).
      const sections = Object.entries(exports).map(([entry, target]) => {
        const path = typeof target === 'string' ? target : target['@latch/source'];
        const file = join(dir, path);
        const names = exportedNames(readFileSync(file, 'utf8'), file);
        return `## @latch/${name}${entry === '.' ? '' : entry.slice(1)} (${path})\n${names.join('\n')}\n`;
      });
      await expect(sections.join('\n')).toMatchFileSnapshot(
        join(dirname(import.meta.filename), 'publicSurface', `${name}.txt`),
      );
    });
  }
});
