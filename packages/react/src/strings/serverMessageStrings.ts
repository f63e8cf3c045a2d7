import type { ErrorCode } from '@latch/protocol';
import { ERROR_CATALOGUE } from '@latch/protocol/errors';

/**
 * The error catalogue's own messages (protocol, SPEC §8), keyed `server_<code>`: what a screen shows where
 * SPEC shows "the error's message". English needs no copy at run time (the error carries its message);
 * this table is English's entry in the catalogues (tests, compile script), and a locale or a host's
 * `strings` replaces a message by its code.
 */
export const serverMessageStrings = Object.fromEntries(
  Object.entries(ERROR_CATALOGUE).map(([code, entry]) => [`server_${code}`, entry.message]),
) as ServerMessageStrings;

/** The keys of the error messages' texts. */
export type ServerMessageStrings = Record<`server_${ErrorCode}`, string>;
