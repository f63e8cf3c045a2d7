import { describe, expect, it } from 'vitest';
import { failedTests, slowestFiles } from './reportFigures.mjs';

const file = (name: string, startTime: number, endTime: number, status = 'passed', tests: object[] = []) => ({
  name: `/repo/${name}`,
  startTime,
  endTime,
  status,
  assertionResults: tests,
});

describe('npm test figures from a vitest JSON report', () => {
  it('lists the slowest files first, only as many as asked, relative to the root', () => {
    const report = {
      testResults: [file('a.test.ts', 0, 2000), file('b.test.ts', 0, 9000), file('c.test.ts', 1000, 5500)],
    };
    expect(slowestFiles(report, '/repo', 2)).toEqual([
      { file: 'b.test.ts', seconds: 9 },
      { file: 'c.test.ts', seconds: 4.5 },
    ]);
    expect(slowestFiles(undefined, '/repo')).toEqual([]);
  });

  it('names each failed test, and a file that failed before any test ran', () => {
    const report = {
      testResults: [
        file('ok.test.ts', 0, 1, 'passed', [{ status: 'passed', fullName: 'works' }]),
        file('linking.spec.ts', 0, 1, 'failed', [
          { status: 'passed', fullName: 'links a phone' },
          { status: 'failed', fullName: 'linking links an email' },
        ]),
        file('broken.spec.ts', 0, 1, 'failed', []),
      ],
    };
    expect(failedTests(report, '/repo')).toEqual(['linking.spec.ts > linking links an email', 'broken.spec.ts']);
  });
});
