import { DEFAULT_SEND_LIMITS, type Limit, type SendLimits } from './SendThrottle.js';

/** Parses `points/seconds` (e.g. `5/600`); undefined when absent or malformed. */
function parseLimit(raw: string | undefined): Limit | undefined {
  const match = raw?.trim().match(/^(\d+)\/(\d+)$/);
  if (!match) return undefined;
  const points = Number(match[1]);
  const durationSec = Number(match[2]);
  return points > 0 && durationSec > 0 ? { points, durationSec } : undefined;
}

/**
 * The send limits, overridable with LATCH_SEND_LIMIT_PER_TARGET_SOURCE, LATCH_SEND_LIMIT_PER_TARGET
 * and LATCH_SEND_LIMIT_PER_IP (`points/seconds`). Malformed values fall back to the defaults and are reported in `invalid`.
 */
export function sendLimitsFromEnv(env: Record<string, string | undefined>): { limits: SendLimits; invalid: string[] } {
  const invalid: string[] = [];
  const read = (name: string, fallback: Limit): Limit => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const parsed = parseLimit(raw);
    if (!parsed) invalid.push(name);
    return parsed ?? fallback;
  };
  return {
    limits: {
      perTargetSource: read('LATCH_SEND_LIMIT_PER_TARGET_SOURCE', DEFAULT_SEND_LIMITS.perTargetSource),
      perTarget: read('LATCH_SEND_LIMIT_PER_TARGET', DEFAULT_SEND_LIMITS.perTarget),
      perIp: read('LATCH_SEND_LIMIT_PER_IP', DEFAULT_SEND_LIMITS.perIp),
    },
    invalid,
  };
}
