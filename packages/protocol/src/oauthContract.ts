// The `@latch/protocol/oauth` entry: the social-login values (paths, return parameters, popup messages,
// limits) for code a host page loads lazily (see mfaContract.ts for why values stay out of the index).
export {
  OAUTH_LIMIT,
  OAUTH_POPUP_MESSAGE,
  OAUTH_RETURN_PARAM,
} from './oauth.js';
export { CUSTOM_JWT_API } from './paths/customJwt.js';
export { OAUTH_API } from './paths/oauth.js';
export { TELEGRAM_API } from './paths/telegram.js';
