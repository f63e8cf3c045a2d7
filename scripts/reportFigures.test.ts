import { describe, expect, it } from 'vitest';
import { failedTests, failureSections, slowestFiles } from './reportFigures.mjs';

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

  it('names each failed test with its first error, and a file that failed before any test ran', () => {
    const report = {
      testResults: [
        file('ok.test.ts', 0, 1, 'passed', [{ status: 'passed', fullName: 'works' }]),
        file('linking.spec.ts', 0, 1, 'failed', [
          { status: 'passed', fullName: 'links a phone' },
          { status: 'failed', fullName: 'linking links an email' },
          {
            status: 'failed',
            fullName: 'linking links a wallet',
            failureMessages: [
              '\u001b[31mAssertionError: expected 2n to be 1n\u001b[39m\n    at linking.spec.ts:9:3',
              'second',
            ],
          },
        ]),
        file('broken.spec.ts', 0, 1, 'failed', []),
        { ...file('hook.spec.ts', 0, 1, 'failed', []), message: 'Hook timed out\n    at afterAll (hook.spec.ts:3:1)' },
        { ...file('long.spec.ts', 0, 1, 'failed', []), message: 'x'.repeat(700) },
      ],
    };
    expect(failedTests(report, '/repo')).toEqual([
      'linking.spec.ts > linking links an email',
      'linking.spec.ts > linking links a wallet: AssertionError: expected 2n to be 1n at linking.spec.ts:9:3',
      'broken.spec.ts',
      'hook.spec.ts: Hook timed out at afterAll (hook.spec.ts:3:1)',
      `long.spec.ts: ${'x'.repeat(600)}…`,
    ]);
  });

  it("keeps the output's failed-suite and unhandled-error sections, colours stripped, and drops the rest", () => {
    const banner = (title: string) =>
      `\u001b[31m⎯⎯⎯⎯\u001b[39m\u001b[1m\u001b[41m ${title} \u001b[49m\u001b[22m\u001b[31m⎯⎯⎯⎯\u001b[39m`;
    const output = [
      ' ✓ a.spec.ts (2 tests)',
      banner('Failed Suites 1'),
      '',
      ' FAIL  next.spec.ts > fresh apps > a fresh Next.js app',
      'Error: Hook timed out in 120000ms.',
      '⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯[1/2]⎯',
      'Error: second error of the section',
      banner('Failed Tests 1'),
      ' FAIL  b.spec.ts > logs in',
      banner('Unhandled Errors'),
      'Vitest caught 1 unhandled error during the test run.',
      banner('Uncaught Exception'),
      'Error: kill ESRCH',
      '⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯',
      ' Test Files  1 failed | 1 passed (2)',
      '      Tests  3 passed (3)',
    ].join('\n');
    expect(failureSections(output)).toEqual([
      '⎯⎯⎯⎯ Failed Suites 1 ⎯⎯⎯⎯',
      ' FAIL  next.spec.ts > fresh apps > a fresh Next.js app',
      'Error: Hook timed out in 120000ms.',
      'Error: second error of the section',
      '⎯⎯⎯⎯ Unhandled Errors ⎯⎯⎯⎯',
      'Vitest caught 1 unhandled error during the test run.',
      '⎯⎯⎯⎯ Uncaught Exception ⎯⎯⎯⎯',
      'Error: kill ESRCH',
    ]);
    expect(failureSections(output, 2)).toEqual([
      '⎯⎯⎯⎯ Failed Suites 1 ⎯⎯⎯⎯',
      ' FAIL  next.spec.ts > fresh apps > a fresh Next.js app',
      '… (6 more lines)',
    ]);
    expect(failureSections(' ✓ a.spec.ts (2 tests)\n Test Files  1 passed (1)')).toEqual([]);
  });
});
