// Telegram (SPEC §7 "Authentication service": Telegram; "Unlink"; "Telegram script"). Server: modules/telegram/.

/** The server's Telegram paths. */
export const TELEGRAM_API = {
  /** POST Telegram authenticate (app) TelegramAuthenticateRequest → TokenResponse (a fresh login: device grant). */
  authenticate: '/api/v1/telegram/authenticate',
  /** POST Telegram link (bearer) TelegramAuthenticateRequest → WireUser. */
  link: '/api/v1/telegram/link',
  /** POST /api/v1/telegram/unlink (bearer) TelegramUnlinkRequest → WireUser (SPEC §7 "Unlink"). */
  unlink: '/api/v1/telegram/unlink',
  /** GET /js/telegram-login.js: the Telegram login script, served from Latch's own host (SPEC §7 "Telegram script"). */
  script: '/js/telegram-login.js',
} as const;
