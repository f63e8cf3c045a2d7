import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parseBodyBytes } from './parseBody.js';

const schema = v.object({ wallet_id: v.string() });
const bytes = (text: string) => new TextEncoder().encode(text);
const message = (text: string) => {
  try {
    parseBodyBytes(bytes(text), v.object({ wallet_id: v.optional(v.string()) }));
  } catch (error) {
    return (error as Error).message;
  }
  return null;
};

describe('parseBodyBytes (the body a device proof hashed, validated as parseBody validates)', () => {
  it('reads an empty body as {} and a JSON object through the schema', () => {
    expect(parseBodyBytes(bytes('  '), v.object({}))).toEqual({});
    expect(parseBodyBytes(bytes('{"wallet_id":"w"}'), schema)).toEqual({ wallet_id: 'w' });
  });

  it('refuses what is not JSON, what is no object, and a bad field, with parseBody texts', () => {
    expect(message('{nope')).toBe('The request body is not valid JSON.');
    for (const body of ['[]', 'null', '"text"', '7'])
      expect(message(body)).toBe('The request body must be a JSON object.');
    expect(() => parseBodyBytes(bytes('{"wallet_id":1}'), schema)).toThrow(/^Invalid value for wallet_id: /);
  });
});
