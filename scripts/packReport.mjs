// The JSON report of `npm pack --json`, read out of a stdout that also carries the prepack builds' logs.
import { stripVTControlCharacters } from 'node:util';

/**
 * The packed tarballs `npm pack --json` reports in `stdout`. tsdown prints its info lines to stdout too, in
 * colour where it thinks it may (CI=true, FORCE_COLOR), and a colour escape holds a `[`: the report starts at
 * the first line that is exactly `[`.
 */
export function packReport(stdout) {
  const lines = stripVTControlCharacters(stdout).split('\n');
  const start = lines.indexOf('[');
  if (start < 0) throw new Error(`npm pack printed no JSON report:\n${stdout}`);
  return JSON.parse(lines.slice(start).join('\n'));
}
