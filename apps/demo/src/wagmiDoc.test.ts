import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reachableModules } from '../../../scripts/tsdown.base.mjs';
import { runtimeImportsOf } from '../../../scripts/wagmiImports.mjs';

const ROOT = join(import.meta.dirname, '../../..');
const doc = readFileSync(join(ROOT, 'docs/wagmi.md'), 'utf8');
/** The fenced blocks of docs/wagmi.md in the language `lang`. */
const blocks = (lang: string) =>
  [...doc.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1] ?? '');

// What the demo reads from its query instead of the doc's placeholders (the only differences besides the
// lines marked "demo only").
const PLACEHOLDERS: [string, string][] = [
  ['appId="your-app-id"', 'appId={settings.appId}'],
  ['clientId="your-client-id"', 'clientId={settings.clientId}'],
  ['apiUrl="https://auth.example.com"', 'apiUrl={settings.apiUrl}'],
];
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

describe('docs/wagmi.md', () => {
  it("the setup block is apps/demo's WagmiProviders.tsx (which the e2e runs), line for line", () => {
    const [setup] = blocks('tsx');
    let expected = setup ?? '';
    for (const [placeholder, demo] of PLACEHOLDERS) expected = expected.replace(placeholder, demo);
    const demo = readFileSync(join(import.meta.dirname, 'WagmiProviders.tsx'), 'utf8')
      .split('\n')
      .filter((line) => !line.includes('// demo only'))
      .join('\n');
    // From the first import on (the file's own header comment is not the doc's); blank lines do not count.
    const lines = (text: string) =>
      text
        .slice(text.indexOf('import '))
        .split('\n')
        .filter((line) => line.trim());
    expect(lines(demo)).toEqual(lines(expected));
  });

  it('the install line brings every package @latch/react/wagmi loads', () => {
    const install = blocks('sh').find((block) => block.startsWith('npm install @latch/react'));
    const installed = new Set((install ?? '').trim().split(/\s+/).slice(2));
    expect([...installed]).toEqual(['@latch/react', 'wagmi', 'viem', '@tanstack/react-query']);
    const reactDir = join(ROOT, 'packages/react');
    const pkg = JSON.parse(readFileSync(join(reactDir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    // What @latch/react's own install brings, and React itself (the host's app has it).
    const given = new Set([...Object.keys(pkg.dependencies), 'react', 'react-dom']);
    const loaded = reachableModules(reactDir, ['src/wagmi/index.ts']).flatMap((module) =>
      runtimeImportsOf(readFileSync(join(reactDir, module), 'utf8')),
    );
    const missing = loaded
      .filter((specifier) => !specifier.startsWith('.'))
      .map(packageOf)
      .filter((name) => !installed.has(name) && !given.has(name));
    expect(loaded.map(packageOf)).toContain('wagmi');
    expect(missing).toEqual([]);
  });
});
