import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../logger.js';

/** A real pino logger (the server's, with its redaction) whose JSON lines land in `lines`. */
export function captureLogs(level: Parameters<typeof createLogger>[0] = 'debug'): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString('utf8'));
      callback();
    },
  });
  return { logger: createLogger(level, stream), lines };
}
