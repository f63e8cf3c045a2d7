// The `@latch/protocol/oauth` entry: the social-login values (paths, return parameters, popup messages,
// limits) for code a host page loads lazily (see mfaContract.ts for why values stay out of the index).
export {
  CUSTOM_JWT_API,
  OAUTH_API,
  OAUTH_LIMIT,
  OAUTH_POPUP_MESSAGE,
  OAUTH_RETURN_PARAM,
  TELEGRAM_API,
} from './oauth.js';
