import type { PGlite } from '@electric-sql/pglite';

/**
 * Closes a PGlite instance and keeps the process's exit code. PGlite 0.4's close runs Emscripten's exit,
 * which writes `process.exitCode = 0` (electric-sql/pglite#1059, fixed in 0.5): a failing CLI command or
 * test run that closed a database afterwards would exit 0.
 */
export async function closePglite(pglite: Pick<PGlite, 'close'>): Promise<void> {
  const exitCode = process.exitCode;
  try {
    await pglite.close();
  } finally {
    process.exitCode = exitCode;
  }
}
