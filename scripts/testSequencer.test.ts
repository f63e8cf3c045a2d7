import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { LongestFirstSequencer, START_FIRST } from './testSequencer.js';

/** A file of `project` (the fake cache below has no result for it, as on a fresh clone). */
const spec = (project: string, moduleId: string) =>
  ({
    moduleId: `/repo/${moduleId}`,
    project: { name: project, config: { sequence: { groupOrder: 0 }, isolate: true } },
  }) as unknown as TestSpecification;

describe('LongestFirstSequencer', () => {
  it('starts the packaging checks first in the e2e project on a fresh clone, and leaves the rest in vitest order', async () => {
    const sizes: Record<string, number> = { '/repo/e2e/big.spec.ts': 9000, '/repo/e2e/small.spec.ts': 100 };
    const ctx = {
      config: { root: '/repo' },
      cache: {
        getFileTestResults: () => undefined,
        getFileStats: (key: string) => ({ size: sizes[`/repo/${key.split(':')[1]}`] ?? 10 }),
      },
    } as unknown as Vitest;
    const files = [
      spec('e2e', 'e2e/small.spec.ts'),
      spec('e2e', START_FIRST[2] ?? ''),
      spec('unit', 'scripts/a.test.ts'),
      spec('e2e', 'e2e/big.spec.ts'),
      spec('e2e', START_FIRST[0] ?? ''),
    ];
    const sorted = await new LongestFirstSequencer(ctx).sort(files);
    expect(sorted.map((s) => `${s.project.name}:${s.moduleId.slice('/repo/'.length)}`)).toEqual([
      `e2e:${START_FIRST[0]}`,
      `e2e:${START_FIRST[2]}`,
      'e2e:e2e/big.spec.ts',
      'e2e:e2e/small.spec.ts',
      'unit:scripts/a.test.ts',
    ]);
  });
});
