/**
 * True in a development build. Bundlers replace `process.env.NODE_ENV` with a string when building
 * the host, so a production build reads 'production'; in a browser build with no replacement `process`
 * does not exist and the ReferenceError means dev (SSR in Node reads the real variable).
 * productionChecks.ts keeps a copy of this check (bundle budget: see there); change both together.
 */
export function devBuild(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return true;
  }
}
