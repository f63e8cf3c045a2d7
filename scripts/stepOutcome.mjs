// One `npm test` step's verdict. The exit code alone is not trusted: a library in the runner's own process
// can reset it (PGlite 0.4's close set process.exitCode to 0 in the e2e teardown, and a failed run exited 0).

/**
 * Whether a step passed, and its counts: it passed when it exited 0 and, for a vitest step (`report` is its
 * JSON report, null when it wrote none), the report names no failed test and no failed file.
 */
export function stepOutcome(status, report) {
  if (report === undefined) return { ok: status === 0, passed: 0, failed: 0, counts: '' };
  if (report === null) return { ok: false, passed: 0, failed: 1, counts: ' (no report written)' };
  const failedFiles = (report.testResults ?? []).filter((file) => file.status === 'failed').length;
  const ok = status === 0 && report.numFailedTests === 0 && failedFiles === 0 && report.success !== false;
  const files = failedFiles > 0 ? `, ${failedFiles} failed files` : '';
  return {
    ok,
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    counts: ` (${report.numPassedTests} passed, ${report.numFailedTests} failed of ${report.numTotalTests}${files})`,
  };
}
