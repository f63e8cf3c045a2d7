import { describe, expect, it } from 'vitest';
import { DEFAULT_SEND_LIMITS } from './SendThrottle.js';
import { sendLimitsFromEnv } from './sendLimitsFromEnv.js';

describe('sendLimitsFromEnv', () => {
  it('uses the defaults when nothing is set', () => {
    expect(sendLimitsFromEnv({})).toEqual({ limits: DEFAULT_SEND_LIMITS, invalid: [] });
  });

  it('reads points/seconds from LATCH_SEND_LIMIT_PER_TARGET_SOURCE, _PER_TARGET and _PER_IP', () => {
    expect(
      sendLimitsFromEnv({
        LATCH_SEND_LIMIT_PER_TARGET_SOURCE: '2/30',
        LATCH_SEND_LIMIT_PER_TARGET: '3/60',
        LATCH_SEND_LIMIT_PER_IP: ' 1000/1 ',
      }),
    ).toEqual({
      limits: {
        perTargetSource: { points: 2, durationSec: 30 },
        perTarget: { points: 3, durationSec: 60 },
        perIp: { points: 1000, durationSec: 1 },
      },
      invalid: [],
    });
  });

  it('keeps the default and names the variable when a value is malformed', () => {
    const { limits, invalid } = sendLimitsFromEnv({
      LATCH_SEND_LIMIT_PER_TARGET: '5 per minute',
      LATCH_SEND_LIMIT_PER_IP: '0/60',
    });
    expect(limits).toEqual(DEFAULT_SEND_LIMITS);
    expect(invalid).toEqual(['LATCH_SEND_LIMIT_PER_TARGET', 'LATCH_SEND_LIMIT_PER_IP']);
  });
});
