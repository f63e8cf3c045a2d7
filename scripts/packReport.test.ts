import { describe, expect, it } from 'vitest';
import { packReport } from './packReport.mjs';

const report = `[
  {
    "id": "@latch/protocol@0.1.0",
    "name": "@latch/protocol",
    "filename": "latch-protocol-0.1.0.tgz"
  }
]
`;

describe('packReport', () => {
  it('reads the report after tsdown logs printed in colour (CI=true): their escapes hold a [', () => {
    const stdout = `\x1b[34mℹ\x1b[39m \x1b[34mtsdown v0.21.10\x1b[39m powered by rolldown\n\x1b[34mℹ\x1b[39m Build start\n${report}`;
    expect(packReport(stdout)).toEqual([
      { id: '@latch/protocol@0.1.0', name: '@latch/protocol', filename: 'latch-protocol-0.1.0.tgz' },
    ]);
  });

  it('reads the report after plain logs with a bracket in them', () => {
    expect(packReport(`[tsdown] Node.js v20 is deprecated.\n${report}`)[0]?.filename).toBe('latch-protocol-0.1.0.tgz');
  });

  it('reads a report with nothing before it', () => {
    expect(packReport(report)).toHaveLength(1);
  });

  it('names the output when there is no report', () => {
    expect(() => packReport('npm error code E404\n')).toThrow(/no JSON report:\nnpm error code E404/);
  });
});
