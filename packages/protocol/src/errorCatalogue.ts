import { ERROR_CATALOGUE as CATALOGUE, type ErrorBody, type ErrorCode } from './errors.js';

// The index's way to the catalogue: a module apart from errors.ts, with code of its own (a plain re-export
// would let the bundler link the index to errors.ts), so that a browser page, whose first code never uses
// these, does not load the catalogue's data with its first chunk (errors.ts loads later: loadErrorCatalogue).

/** The error catalogue (SPEC §8, errors.ts): each code's HTTP status and default message. */
export const ERROR_CATALOGUE = CATALOGUE;

/** Builds the wire error body for a code, with an optional more specific message. */
export function errorBody(code: ErrorCode, message?: string): ErrorBody {
  return { error: code, message: message ?? CATALOGUE[code].message };
}
