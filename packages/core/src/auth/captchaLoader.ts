type CaptchaModule = typeof import('../captcha/captchaChunk.js');

let loaded: CaptchaModule | null = null;

/** The captcha's flow and providers once loaded, else null: they load only for an app with captcha on. */
export const loadedCaptcha = (): CaptchaModule | null => loaded;

/** Loads the captcha's flow and providers (the runner does on the first event of an app with captcha on). */
export const loadCaptcha = (): Promise<unknown> => import('../captcha/captchaChunk.js').then((m) => (loaded = m));
