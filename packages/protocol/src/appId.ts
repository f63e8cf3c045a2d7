import { LIMIT } from './constants.js';

/** True when `value` has the shape of an app id; the one check every package uses (whether the app exists is the server's question). */
export function isAppId(value: unknown): value is string {
  return typeof value === 'string' && value.length === LIMIT.appIdLength;
}
