/** One packed tarball of `npm pack --json`'s report (the fields the tests read). */
export interface PackedTarball {
  name: string;
  filename: string;
}

/** The packed tarballs `npm pack --json` reports in `stdout`, whatever build logs precede the report. */
export function packReport(stdout: string): PackedTarball[];
