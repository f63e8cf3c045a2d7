import pino, { type Logger } from 'pino';
import type { LogLevel } from './config/config.js';

/**
 * Paths pino replaces with "[redacted]". Request bodies and headers are never logged at all; this is
 * the second line of defence for objects that reach a log call by mistake.
 */
const REDACT_PATHS = [
  'code',
  'token',
  'refresh_token',
  'access_token',
  'authorization',
  'password',
  'privateKey',
  'private_jwk',
  'masterKey',
  '*.code',
  '*.token',
  '*.refresh_token',
  '*.access_token',
  '*.authorization',
  '*.password',
  '*.privateKey',
  '*.private_jwk',
  '*.masterKey',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
];

/** The server's JSON logger. */
export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  return pino(
    { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, base: { service: 'latch-server' } },
    destination,
  );
}

export type { Logger };
