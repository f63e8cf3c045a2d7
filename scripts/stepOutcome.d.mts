/** The parts of vitest's JSON report a step's verdict reads. */
export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numTotalTests: number;
  success?: boolean;
  testResults?: Array<{ status: string }>;
}

/** Whether a step passed, and its counts (report: undefined for a step without one, null when none was written). */
export function stepOutcome(
  status: number | null,
  report: VitestReport | null | undefined,
): { ok: boolean; passed: number; failed: number; counts: string };
