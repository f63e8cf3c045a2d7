export { clientIp } from './clientIp.js';
export { RateLimiterShortLived, type RateLimiterShortLivedOptions } from './RateLimiterShortLived.js';
export {
  DEFAULT_SEND_LIMITS,
  type Limit,
  type SendLimits,
  SendThrottle,
  type ThrottleBackend,
} from './SendThrottle.js';
export { sendLimitsFromEnv } from './sendLimitsFromEnv.js';
