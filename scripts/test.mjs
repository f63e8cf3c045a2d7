#!/usr/bin/env node
// `npm test`: typecheck, lint, unit, integration and e2e. Every step runs; the command exits non-zero when
// any failed, and ends with one plain "N passed, N failed" line. The first five run side by side (tsc uses
// one core, the unit tests are short), then the integration and e2e suites side by side: a step's output is
// held and printed whole, step by step, as each ends.
// The fifth is the run's one build and pack of the published packages (scripts/sharedBuild.mjs), which the
// bundle budget test and the e2e packaging checks read instead of building again.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { failedTests, failureSections, slowestFiles } from './reportFigures.mjs';
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

/** Groups of steps: the steps of a group run side by side, the groups one after another. */
const groups = [
  [
    { name: 'typecheck', command: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
    { name: 'lint', command: bin('biome'), args: ['check', '.'] },
    { name: 'dependency direction', command: process.execPath, args: [join(ROOT, 'scripts/check-deps.mjs')] },
    vitest('unit', ['unit', 'unit-isolated']),
    { name: 'build and pack', command: process.execPath, args: [join(ROOT, 'scripts/sharedBuild.mjs')] },
  ],
  // Side by side: on a quiet 2-core machine each kept the cores less than half busy alone (they wait on timers,
  // child processes and the browser), so together they take little longer than the longer one.
  [vitest('integration'), vitest('e2e')],
];

/** Runs `step`; a step alone in its group writes straight to the terminal, others are held and printed at the end. */
function runStep(step, alone) {
  if (step.report) rmSync(step.report, { force: true });
  if (alone) console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const held = [];
  const child = spawn(step.command, step.args, { cwd: ROOT, stdio: alone ? 'inherit' : 'pipe', env: process.env });
  child.on('error', (error) => held.push(Buffer.from(`${step.name} did not start: ${error.message}\n`)));
  if (!alone) {
    child.stdout.on('data', (chunk) => held.push(chunk));
    child.stderr.on('data', (chunk) => held.push(chunk));
  }
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (!alone) {
        console.log(`\n=== ${step.name} (ran beside the others) ===`);
        process.stdout.write(Buffer.concat(held));
      }
      const report = step.report && existsSync(step.report) ? JSON.parse(readFileSync(step.report, 'utf8')) : undefined;
      const outcome = stepOutcome(status, step.report ? (report ?? null) : undefined);
      resolve({ name: step.name, outcome, seconds, report, output: Buffer.concat(held).toString('utf8') });
    });
  });
}

const results = [];
let passed = 0;
let failed = 0;
for (const group of groups) {
  for (const { name, outcome, seconds, report, output } of await Promise.all(
    group.map((step) => runStep(step, group.length === 1)),
  )) {
    passed += outcome.passed;
    failed += outcome.failed;
    results.push({ name, ok: outcome.ok, counts: outcome.counts, seconds, report, output });
  }
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
// A failing hook or an unhandled error is in no report: its section of the output is repeated here, near the end,
// since a CI log may keep only its last lines.
for (const { name, output } of results.filter((result) => !result.ok && result.output))
  for (const line of failureSections(output, 20)) console.log(`     ${name}: ${line}`);
const allOk = results.every((r) => r.ok);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(allOk ? 0 : 1);
