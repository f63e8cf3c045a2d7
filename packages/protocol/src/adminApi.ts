/** The start of every app secret (`latch_sk_<base64url of 32 random bytes>`), so scanners and people recognise one. */
export const APP_SECRET_PREFIX = 'latch_sk_';
