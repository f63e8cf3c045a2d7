// The captcha's lazily loaded part (auth/captchaLoader.ts): its flow and the effects that run the providers.
export { captchaTransition } from './captchaFlow.js';
export { runCaptchaEffect } from './runCaptchaEffect.js';
