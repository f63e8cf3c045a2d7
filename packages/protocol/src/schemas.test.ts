import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AppIdSchema, EmailCodeBody, EmailInitBody } from './schemas.js';

describe('request schemas', () => {
  it('normalises emails and accepts six-digit codes', () => {
    expect(v.parse(EmailCodeBody, { email: ' Ann@Example.COM ', code: ' 123456 ' })).toEqual({
      email: 'ann@example.com',
      code: '123456',
    });
  });

  it('refuses malformed bodies', () => {
    expect(v.safeParse(EmailInitBody, { email: 'not-an-email' }).success).toBe(false);
    expect(v.safeParse(EmailCodeBody, { email: 'a@b.co', code: '12a456' }).success).toBe(false);
    expect(v.safeParse(EmailCodeBody, null).success).toBe(false);
  });

  it('checks the app id length', () => {
    expect(v.safeParse(AppIdSchema, 'x'.repeat(25)).success).toBe(true);
    expect(v.safeParse(AppIdSchema, 'x'.repeat(24)).success).toBe(false);
  });
});
