/**
 * True in a development build: devBuild.ts's check, copied. devBuild.ts's other users (the host config merge,
 * the origin diagnosis) load in the host setup's lazy chunk, so createLatch importing it gave its few bytes an
 * initial chunk of their own (about 80 B gzip more initial JS). Change both together.
 */
function devBuild(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return true;
  }
}

/** createLatch's refusals in a production build: no apiUrl (the localhost default is for development), a testDelayScale. */
export function refuseInProduction(options: { apiUrl?: string; client?: unknown; testDelayScale?: number }): void {
  if (devBuild()) return;
  if (!options.apiUrl && !options.client) throw new Error('Latch: apiUrl is required in production.');
  if (options.testDelayScale) throw new Error('Latch: testDelayScale is for tests, not production builds.');
}
