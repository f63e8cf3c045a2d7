import { describe, expect, it } from 'vitest';
import { stepOutcome } from './stepOutcome.mjs';

const report = (failedTests: number, fileStatuses: string[] = ['passed']) => ({
  numPassedTests: 5,
  numFailedTests: failedTests,
  numTotalTests: 5 + failedTests,
  success: failedTests === 0 && !fileStatuses.includes('failed'),
  testResults: fileStatuses.map((status) => ({ status })),
});

describe('stepOutcome', () => {
  it('passes a step that exited 0 with no failed test', () => {
    expect(stepOutcome(0, report(0))).toEqual({
      ok: true,
      passed: 5,
      failed: 0,
      counts: ' (5 passed, 0 failed of 5)',
    });
  });

  it('fails a step whose report names a failed test even when it exited 0 (an exit code reset in-process)', () => {
    expect(stepOutcome(0, report(1))).toMatchObject({ ok: false, failed: 1 });
  });

  it('fails a step whose report names a failed file (a hook failed; its tests were skipped)', () => {
    const outcome = stepOutcome(0, report(0, ['passed', 'failed']));
    expect(outcome.ok).toBe(false);
    expect(outcome.counts).toContain('1 failed files');
  });

  it('fails a step that exited non-zero, and a vitest step that wrote no report', () => {
    expect(stepOutcome(1, report(0)).ok).toBe(false);
    expect(stepOutcome(0, null)).toMatchObject({ ok: false, failed: 1 });
  });

  it('judges a step without a report (typecheck, lint) by its exit code', () => {
    expect(stepOutcome(0, undefined).ok).toBe(true);
    expect(stepOutcome(2, undefined).ok).toBe(false);
  });
});
