#!/usr/bin/env node
// `npm test`: typecheck, lint, unit, integration and e2e, in that order. Every step runs; the
// command exits non-zero when any failed, and ends with one plain "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { failedTests, slowestFiles } from './reportFigures.mjs';
import { ROOT } from './stack.mjs';
import { stepOutcome } from './stepOutcome.mjs';

const bin = (name) => join(ROOT, 'node_modules/.bin', name);
const artifacts = join(ROOT, 'artifacts');
mkdirSync(artifacts, { recursive: true });

const vitest = (name, projects = [name]) => {
  const report = join(artifacts, `vitest-${name}.json`);
  return {
    name,
    command: bin('vitest'),
    args: [
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    report,
  };
};

const steps = [
  { name: 'typecheck', command: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
  { name: 'lint', command: bin('biome'), args: ['check', '.'] },
  { name: 'dependency direction', command: process.execPath, args: [join(ROOT, 'scripts/check-deps.mjs')] },
  vitest('unit', ['unit', 'unit-isolated']),
  vitest('integration'),
  vitest('e2e'),
];

const results = [];
let passed = 0;
let failed = 0;
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  if (step.report) rmSync(step.report, { force: true });
  const started = Date.now();
  const run = spawnSync(step.command, step.args, { cwd: ROOT, stdio: 'inherit', env: process.env });
  const seconds = Math.round((Date.now() - started) / 1000);
  const report = step.report && existsSync(step.report) ? JSON.parse(readFileSync(step.report, 'utf8')) : undefined;
  const outcome = stepOutcome(run.status, step.report ? (report ?? null) : undefined);
  passed += outcome.passed;
  failed += outcome.failed;
  results.push({ name: step.name, ok: outcome.ok, counts: outcome.counts, seconds, report });
}

for (const { name, report } of results.filter((result) => result.report)) {
  console.log(`\n=== ten slowest files: ${name} ===`);
  for (const { file, seconds } of slowestFiles(report, ROOT))
    console.log(`${seconds.toFixed(1).padStart(7)} s  ${file}`);
}

console.log('\n=== summary ===');
for (const { name, ok, counts, seconds } of results)
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${counts} in ${seconds} s`);
for (const { name, report } of results.filter((result) => result.report))
  for (const line of failedTests(report, ROOT)) console.log(`     failed in ${name}: ${line}`);
const allOk = results.every((r) => r.ok);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(allOk ? 0 : 1);
