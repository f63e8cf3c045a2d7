/** Types of reportFigures.mjs for its test. */
export declare function slowestFiles(
  report: unknown,
  root: string,
  count?: number,
): { file: string; seconds: number }[];
export declare function failedTests(report: unknown, root: string): string[];
export declare function failureSections(output: string, maxLines?: number): string[];
