// What `npm test` prints from a vitest JSON report beside the counts: the slowest files (where the time goes)
// and the failed tests by name (so a CI log's last lines say what failed, not only how many).
import { relative } from 'node:path';

/** The `count` slowest test files of a report, slowest first, as { file, seconds } (file relative to `root`). */
export function slowestFiles(report, root, count = 10) {
  return (report?.testResults ?? [])
    .filter((file) => Number.isFinite(file.startTime) && Number.isFinite(file.endTime))
    .map((file) => ({ file: relative(root, file.name), seconds: (file.endTime - file.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}

/** The failed tests of a report as "file > test" lines; a file that failed with no failed test (a load error) as "file". */
export function failedTests(report, root) {
  const lines = [];
  for (const file of report?.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    const name = relative(root, file.name);
    if (failed.length > 0) for (const test of failed) lines.push(`${name} > ${test.fullName ?? test.title}`);
    else if (file.status === 'failed') lines.push(name);
  }
  return lines;
}
