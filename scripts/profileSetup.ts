// PROF_DIR=<dir> npx vitest run --project integration (or e2e): a CPU profile of each test file, written to <dir>
// when the file ends (the worker processes are ended before --cpu-prof could write theirs). Read them in DevTools.

import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';

const session = new Session();
beforeAll(async () => {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 1000 });
  await session.post('Profiler.start');
});
afterAll(async () => {
  const { profile } = await session.post('Profiler.stop');
  const file = expect.getState().testPath ?? `unknown-${Date.now()}`;
  writeFileSync(
    join(process.env.PROF_DIR as string, `${basename(file)}-${process.pid}-${Date.now()}.cpuprofile`),
    JSON.stringify(profile),
  );
  session.disconnect();
});
