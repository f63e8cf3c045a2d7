import { isErrorCode, PASSWORDLESS_API } from '@latch/protocol';
import { schemas } from '@latch/protocol/schemas';
import fc from 'fast-check';
import * as v from 'valibot';
import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';
import { normalisePhoneNumber } from './normalisePhoneNumber.js';
import { databaseFingerprint } from './testing/databaseFingerprint.js';
import { passwordlessTestClient } from './testing/passwordlessTestClient.js';

const ENDPOINTS = [
  PASSWORDLESS_API.emailInit,
  PASSWORDLESS_API.emailAuthenticate,
  PASSWORDLESS_API.emailLink,
  PASSWORDLESS_API.emailUnlink,
  PASSWORDLESS_API.emailUpdate,
  PASSWORDLESS_API.smsInit,
  PASSWORDLESS_API.smsAuthenticate,
  PASSWORDLESS_API.smsLink,
  PASSWORDLESS_API.smsUnlink,
];

const isPhone = async (value: string) => {
  try {
    await normalisePhoneNumber(value);
    return true;
  } catch {
    return false;
  }
};

/** A well-formed init really sends a code (and so writes state); everything else must change nothing. */
async function sendsACode(path: string, body: unknown): Promise<boolean> {
  if (path === PASSWORDLESS_API.emailInit) return v.is(schemas.EmailInitBody, body);
  if (path === PASSWORDLESS_API.smsInit)
    return v.is(schemas.SmsInitBody, body) && (await isPhone((body as { phoneNumber: string }).phoneNumber));
  return false;
}

const field = fc.oneof(
  fc.string(),
  fc.emailAddress(),
  fc.stringMatching(/^\d{6}$/),
  fc.constantFrom('+14155550100', '+1 (415) 555-0100', '+4915112345678', '0', '', ' ', '\u0000', 'a'.repeat(5000)),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);

const shapedBody = fc.record(
  { email: field, code: field, phoneNumber: field, address: field, oldAddress: field, newAddress: field, token: field },
  { requiredKeys: [] },
);

const word = fc.stringMatching(/^[a-z0-9]{1,12}$/);
const email = fc.oneof(
  fc.tuple(word, word).map(([user, domain]) => `${user}@${domain}.com`),
  fc.emailAddress(),
);
const sixDigits = fc.stringMatching(/^\d{6}$/);
const phone = fc.constantFrom('+14155550100', '+1 (415) 555-0199', '+4915112345678', '+33612345678');

/** Bodies of the right shape for an endpoint, with random values: they reach code checks and account lookups. */
const SHAPES: Record<string, fc.Arbitrary<unknown>> = {
  [PASSWORDLESS_API.emailInit]: fc.record({ email: fc.oneof(fc.string(), fc.integer()) }),
  [PASSWORDLESS_API.emailAuthenticate]: fc.record({ email, code: sixDigits }),
  [PASSWORDLESS_API.emailLink]: fc.record({ email, code: sixDigits }),
  [PASSWORDLESS_API.emailUnlink]: fc.record({ address: email }),
  [PASSWORDLESS_API.emailUpdate]: fc.record({ oldAddress: email, newAddress: email, code: sixDigits }),
  [PASSWORDLESS_API.smsInit]: fc.record({
    phoneNumber: fc.oneof(fc.string(), fc.constantFrom('+1', '+1 415', '+999')),
  }),
  [PASSWORDLESS_API.smsAuthenticate]: fc.record({ phoneNumber: phone, code: sixDigits }),
  [PASSWORDLESS_API.smsLink]: fc.record({ phoneNumber: phone, code: sixDigits }),
  [PASSWORDLESS_API.smsUnlink]: fc.record({ phoneNumber: phone }),
};

/** A request body for `path`: well-shaped, near-valid objects, any JSON at all, or raw text that is mostly not JSON. */
const requestBody = (path: string) =>
  fc.oneof(
    { arbitrary: SHAPES[path]!.map((body) => ({ json: body })), weight: 3 },
    shapedBody.map((body) => ({ json: body as unknown })),
    fc.jsonValue().map((json) => ({ json: json as unknown })),
    fc.oneof(fc.string(), fc.constantFrom('{', '{"email":', '[]', 'null', '{"code":123456}', '\u0000')).map((raw) => ({
      raw,
    })),
  );

const request = fc.constantFrom(...ENDPOINTS).chain((path) => fc.tuple(fc.constant(path), requestBody(path)));

forEachBackend('passwordless endpoints under random and malformed bodies', (server) => {
  it('never answer 500 and never change the database', async () => {
    const { appId, clientId } = await server().createApp({ name: 'Fuzz', config: { sms_auth: true } });
    const session = await server().signIn(appId, { type: 'email', address: 'prop-owner@example.com' });
    const client = passwordlessTestClient(server(), appId, clientId);
    const before = await databaseFingerprint(server().db);
    const outboxBefore = (await client.outbox()).length;
    const seen = new Set<string>();

    await fc.assert(
      fc.asyncProperty(request, fc.boolean(), async ([path, body], withToken) => {
        fc.pre(!('json' in body && (await sendsACode(path, body.json))));
        const res = await client.post(path, 'json' in body ? body.json : undefined, {
          token: withToken ? session.token! : undefined,
          rawBody: 'raw' in body ? body.raw : undefined,
        });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        const answer = (await res.json()) as { error: unknown; message: unknown };
        expect(isErrorCode(answer.error)).toBe(true);
        expect(typeof answer.message).toBe('string');
        seen.add(`${res.status} ${String(answer.error)}`);
      }),
      { numRuns: 300 },
    );

    // The generator reaches past body validation: wrong codes, missing tokens, unknown accounts.
    expect([...seen]).toEqual(
      expect.arrayContaining(['400 invalid_data', '401 missing_or_invalid_token', '422 invalid_credentials']),
    );
    expect(await databaseFingerprint(server().db)).toEqual(before);
    expect((await client.outbox()).length).toBe(outboxBefore);
  });
});
