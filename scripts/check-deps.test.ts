import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDependencies, importsOf, violation } from './check-deps.mjs';

describe('dependency direction check', () => {
  it('finds static, re-export, side-effect and dynamic imports', () => {
    const source = `import a from 'x';\nexport { b } from "@latch/core";\nimport 'side';\nconst c = await import('lazy');`;
    expect(importsOf(source)).toEqual(['x', '@latch/core', 'side', 'lazy']);
  });

  it('refuses imports against the arrows of DESIGN §1', () => {
    expect(violation('packages/core', 'react')).toMatch(/must not import react/);
    expect(violation('packages/protocol', '@latch/core')).toMatch(/must not import @latch\/core/);
    expect(violation('packages/server', '@latch/react')).toMatch(/must not import/);
    expect(violation('packages/protocol', 'zod')).toMatch(/may only depend on valibot/);
    expect(violation('packages/react', '@latch/core')).toBeNull();
    expect(violation('packages/protocol', 'valibot/dist')).toBeNull();
  });

  it('reports the offending file of a tree', () => {
    const root = mkdtempSync(join(tmpdir(), 'deps-'));
    mkdirSync(join(root, 'packages/core/src'), { recursive: true });
    writeFileSync(join(root, 'packages/core/src/bad.ts'), "import { useState } from 'react';\n");
    writeFileSync(join(root, 'packages/core/src/bad.test.ts'), "import { render } from 'react-dom';\n");
    expect(checkDependencies(root)).toEqual(['packages/core/src/bad.ts: packages/core must not import react']);
  });
});
