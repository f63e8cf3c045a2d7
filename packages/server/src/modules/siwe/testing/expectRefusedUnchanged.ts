import { expect } from 'vitest';
import type { TestServer } from '../../../test/harness.js';

/** Runs `request` and asserts it answered `status` with `code` and left every table as it was. */
export async function expectRefusedUnchanged(
  server: TestServer,
  request: () => Promise<Response>,
  status: number,
  code: string,
  options: { ignore?: string[] } = {},
) {
  const counts = async () => {
    const all = await server.tableCounts();
    for (const table of options.ignore ?? []) delete all[table];
    return all;
  };
  const before = await counts();
  const res = await request();
  const body = await res.json();
  expect({ status: res.status, error: body.error }).toEqual({ status, error: code });
  expect(body.message).toEqual(expect.any(String));
  expect(await counts()).toEqual(before);
  return body as { error: string; message: string };
}
