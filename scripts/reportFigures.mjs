// What `npm test` prints from a vitest JSON report beside the counts: the slowest files (where the time goes)
// and the failed tests with their errors (so a CI log's last lines say what failed, not only how many).
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** The `count` slowest test files of a report, slowest first, as { file, seconds } (file relative to `root`). */
export function slowestFiles(report, root, count = 10) {
  return (report?.testResults ?? [])
    .filter((file) => Number.isFinite(file.startTime) && Number.isFinite(file.endTime))
    .map((file) => ({ file: relative(root, file.name), seconds: (file.endTime - file.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}

/** The longest stretch of an error kept in the summary: enough for the error and where it was thrown. */
const ERROR_CHARS = 600;

/**
 * The failed tests of a report as "file > test: <its first error>" lines; a file that failed with no failed test
 * (a load error, a failing afterAll) as "file: <its error>"; each error folded onto one line and cut, since the
 * run's log may be cut.
 */
export function failedTests(report, root) {
  const lines = [];
  for (const file of report?.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    const name = relative(root, file.name);
    if (failed.length > 0)
      for (const test of failed)
        lines.push(withError(`${name} > ${test.fullName ?? test.title}`, test.failureMessages?.[0]));
    else if (file.status === 'failed') lines.push(withError(name, file.message));
  }
  return lines;
}

function withError(name, message) {
  const folded = typeof message === 'string' ? stripVTControlCharacters(message).replace(/\s+/g, ' ').trim() : '';
  if (!folded) return name;
  return `${name}: ${folded.length > ERROR_CHARS ? `${folded.slice(0, ERROR_CHARS)}…` : folded}`;
}

// Vitest's banners over the errors no JSON report carries: a failing hook of a describe, an unhandled error.
const KEPT_SECTION = /^⎯+ (Failed Suites \d+|Unhandled Errors?|Uncaught Exception|Unhandled Rejection) ⎯+$/;
const ANY_SECTION = /^⎯+ .+ ⎯+$/;
// The rules between a section's errors ("⎯⎯[1/2]⎯") and at its end.
const RULE = /^⎯+(\[\d+\/\d+\]⎯)?$/;
const SECTION_END = /^Test Files\s/;

/**
 * The "Failed Suites" and "Unhandled Errors" sections of a vitest run's output, colours stripped, at most
 * `maxLines` lines: what a CI log cut to its last lines would otherwise lose.
 */
export function failureSections(output, maxLines = 60) {
  const kept = [];
  let keeping = false;
  for (const line of stripVTControlCharacters(output).split('\n')) {
    const trimmed = line.trim();
    if (ANY_SECTION.test(trimmed)) keeping = KEPT_SECTION.test(trimmed);
    else if (keeping && SECTION_END.test(trimmed)) keeping = false;
    if (keeping && trimmed && !RULE.test(trimmed)) kept.push(line.trimEnd());
  }
  return kept.length > maxLines ? [...kept.slice(0, maxLines), `… (${kept.length - maxLines} more lines)`] : kept;
}
