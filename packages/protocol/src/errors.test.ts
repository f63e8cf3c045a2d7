import { describe, expect, it } from 'vitest';
import { errorBody } from './errorCatalogue.js';
import { ERROR_CATALOGUE } from './errors.js';
import { isErrorCode, LatchError } from './latchError.js';

describe('error catalogue', () => {
  it('gives every code an HTTP status and a message', () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.message.length, code).toBeGreaterThan(0);
    }
  });

  it('uses the statuses the server contract names', () => {
    expect(ERROR_CATALOGUE.invalid_data.status).toBe(400);
    expect(ERROR_CATALOGUE.missing_or_invalid_token.status).toBe(401);
    expect(ERROR_CATALOGUE.allowlist_rejected.status).toBe(403);
    expect(ERROR_CATALOGUE.app_not_found.status).toBe(404);
    expect(ERROR_CATALOGUE.linked_to_another_user.status).toBe(409);
    expect(ERROR_CATALOGUE.invalid_credentials.status).toBe(422);
    expect(ERROR_CATALOGUE.too_many_requests.status).toBe(429);
  });

  it('recognises only catalogue codes', () => {
    expect(isErrorCode('invalid_data')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(42)).toBe(false);
  });

  it('builds wire bodies and errors with the catalogue defaults', () => {
    expect(errorBody('invalid_credentials')).toEqual({
      error: 'invalid_credentials',
      message: 'Invalid or expired verification code',
    });
    const error = new LatchError('too_many_requests', undefined, { retryAfter: 30 });
    expect(error.status).toBe(429);
    expect(error.retryAfter).toBe(30);
    expect(error.toBody()).toEqual({ error: 'too_many_requests', message: ERROR_CATALOGUE.too_many_requests.message });
  });
});
