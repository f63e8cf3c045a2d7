import { randomBytes, randomInt } from 'node:crypto';
import { LIMIT } from '@latch/protocol';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A random id of `length` lowercase letters and digits (uniform, from the CSPRNG). */
export function randomId(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** A new 25-character app id (SPEC §5). */
export const newAppId = (): string => randomId(LIMIT.appIdLength);

/** A new client id; the prefix makes it recognisable in logs and configs. */
export const newClientId = (): string => `client-${randomId(24)}`;

/** A new 25-character user id. */
export const newUserId = (): string => randomId(25);

/** A new session id. */
export const newSessionId = (): string => randomId(25);

/** A new opaque secret token (256 bits, base64url). */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');
