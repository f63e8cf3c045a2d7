// `@latch/core/oauth`: what the lazily loaded social-login screens use. Not re-exported by the package index, whose
// values esbuild places in the host page's initial JavaScript.
export { isInAppBrowser } from './inAppBrowser.js';
export { openOAuthPopup } from './openOAuthPopup.js';
export { OAUTH_POPUP_NAME } from './popupName.js';
export { socialErrorRetryable } from './socialErrorRetryable.js';
export { SOCIAL_LOGIN_ERROR, SocialLoginError, type SocialLoginErrorCode } from './socialLoginError.js';
