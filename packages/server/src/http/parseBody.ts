import { LatchError } from '@latch/protocol';
import * as v from 'valibot';
import type { LatchContext } from './env.js';

/** Request bodies larger than this are refused before parsing. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Reads the JSON body (an empty body reads as `{}`). Malformed or oversized bodies throw `invalid_data`. */
export async function readJson(c: LatchContext): Promise<unknown> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES)
    throw new LatchError('invalid_data', 'The request body is too large.', { status: 413 });
  const text = await c.req.text();
  if (text.length > MAX_BODY_BYTES)
    throw new LatchError('invalid_data', 'The request body is too large.', { status: 413 });
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new LatchError('invalid_data', 'The request body is not valid JSON.');
  }
}

/** Validates the JSON body with a protocol valibot schema; throws `invalid_data` naming the first bad field. */
export async function parseBody<TSchema extends v.GenericSchema>(
  c: LatchContext,
  schema: TSchema,
): Promise<v.InferOutput<TSchema>> {
  const json = await readJson(c);
  // Every request body is a JSON object; valibot's object schemas would let an array through.
  if (Array.isArray(json)) throw new LatchError('invalid_data', 'The request body must be a JSON object.');
  const result = v.safeParse(schema, json);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const field = issue.path?.map((p) => String(p.key)).join('.');
  throw new LatchError(
    'invalid_data',
    field ? `Invalid value for ${field}: ${issue.message}` : `Invalid request body: ${issue.message}`,
  );
}
