import { LatchError } from '@latch/protocol';
import * as v from 'valibot';
import type { LatchContext } from './env.js';

/** Request bodies larger than this are refused before parsing. */
const MAX_BODY_BYTES = 64 * 1024;

const tooLarge = () => new LatchError('invalid_data', 'The request body is too large.', { status: 413 });

/** The exact body bytes, read until they pass MAX_BODY_BYTES (then refused); a declared length over it is refused first. */
export async function readBodyBytes(c: LatchContext): Promise<Uint8Array> {
  const declared = c.req.header('content-length');
  if (declared !== undefined && Number(declared) > MAX_BODY_BYTES) throw tooLarge();
  const body = c.req.raw.body;
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * The body as text, never more than MAX_BODY_BYTES: a declared length over it is refused before
 * reading; a body without one (chunked) is read until it passes the limit. A body with a declared
 * length is read straight from the socket (the Node adapter's fast path, no web Request built).
 */
async function readText(c: LatchContext): Promise<string> {
  const declared = c.req.header('content-length');
  if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
    if (Number(declared) > MAX_BODY_BYTES) throw tooLarge();
    return c.req.text();
  }
  return Buffer.from(await readBodyBytes(c)).toString('utf8');
}

const notJson = () =>
  new LatchError('invalid_data', 'The request body must be sent as JSON (Content-Type: application/json).', {
    status: 415,
  });

/** True for `application/json` and `application/<x>+json`, with or without parameters (`; charset=utf-8`). */
export function isJsonContentType(value: string): boolean {
  const type = (value.split(';', 1)[0] ?? '').trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type);
}

/**
 * Reads the JSON body (an empty body reads as `{}`). Malformed or oversized bodies throw `invalid_data`; a body
 * of another content type (or of none) is refused with 415 before it is read (CSRF-03): a cross-site form or a
 * `text/plain` fetch is a "simple" request a browser sends without a preflight, so no JSON endpoint may act on
 * one — not even on an empty one.
 */
async function readJson(c: LatchContext): Promise<unknown> {
  const type = c.req.header('content-type');
  if (type !== undefined && !isJsonContentType(type)) throw notJson();
  const text = await readText(c);
  if (text.length > MAX_BODY_BYTES) throw tooLarge();
  if (type === undefined && text.trim() !== '') throw notJson();
  return jsonOf(text);
}

// An empty body reads as `{}`.
function jsonOf(text: string): unknown {
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
  return validBody(await readJson(c), schema);
}

/**
 * Validates body bytes already read (`readBodyBytes`: a device proof hashes them first) as `parseBody`
 * validates a request's body, with the same errors; an empty body reads as `{}`.
 */
export function parseBodyBytes<TSchema extends v.GenericSchema>(
  bytes: Uint8Array,
  schema: TSchema,
): v.InferOutput<TSchema> {
  return validBody(jsonOf(Buffer.from(bytes).toString('utf8')), schema);
}

function validBody<TSchema extends v.GenericSchema>(json: unknown, schema: TSchema): v.InferOutput<TSchema> {
  // Every request body is a JSON object; valibot's object schemas would let an array through.
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new LatchError('invalid_data', 'The request body must be a JSON object.');
  }
  const result = v.safeParse(schema, json);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const field = issue.path?.map((p) => String(p.key)).join('.');
  throw new LatchError(
    'invalid_data',
    field ? `Invalid value for ${field}: ${issue.message}` : `Invalid request body: ${issue.message}`,
  );
}
