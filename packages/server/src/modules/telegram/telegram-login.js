/*
 * Latch's Telegram login script, served at /js/telegram-login.js (SPEC §7 "Telegram script";
 * docs/telegram-and-custom-token.md). Our own code, no third-party script: it opens Telegram's login popup and
 * hands its result to the page. A file, not inline: it runs under a strict CSP (no eval, no inline handlers).
 *
 *   window.LatchTelegramLogin.auth({ bot_id, request_access?, lang? }, function (result) { … })
 *
 * `result` is the Login Widget's signed data (the server checks it), or false when the popup closed without
 * one or could not open. The tag's data-telegram-login (bot name), data-request-access and data-lang
 * attributes are the defaults. The server writes its Telegram URL over the placeholder below.
 */
(() => {
  // Where Telegram's login lives (LATCH_TELEGRAM_OAUTH_URL); only its origin may answer.
  const TELEGRAM_OAUTH_URL = '__LATCH_TELEGRAM_OAUTH_URL__';
  const TELEGRAM_ORIGIN = new URL(TELEGRAM_OAUTH_URL).origin;
  // The popup's size, as Telegram's own widget opens it.
  const POPUP_WIDTH = 550;
  const POPUP_HEIGHT = 470;
  // How often the popup is checked for having closed.
  const CLOSED_POLL_DELAY_MS = 250;
  // After the popup closed, a result it posted just before is still waited for this long.
  const CLOSED_GRACE_DELAY_MS = 500;

  const script = document.currentScript;
  const attribute = (name) => script?.getAttribute(name) || undefined;
  const defaults = {
    bot_name: attribute('data-telegram-login'),
    request_access: attribute('data-request-access'),
    lang: attribute('data-lang') || 'en',
  };

  // The login in progress: its popup, callback and message listener; one at a time.
  let pending = null;

  /** The popup's URL: Telegram's /auth page for the bot, told which origin to post its result to. */
  function popupUrl(options) {
    const query = [
      `bot_id=${encodeURIComponent(options.bot_id)}`,
      `origin=${encodeURIComponent(window.location.origin)}`,
    ];
    const access = options.request_access || defaults.request_access;
    if (access) query.push(`request_access=${encodeURIComponent(access)}`);
    query.push(`lang=${encodeURIComponent(options.lang || defaults.lang)}`);
    return `${TELEGRAM_OAUTH_URL.replace(/\/+$/, '')}/auth?${query.join('&')}`;
  }

  /** The popup's features: its size, centred on the screen. */
  function popupFeatures() {
    const screen = window.screen || {};
    const left = Math.max(0, ((screen.width || POPUP_WIDTH) - POPUP_WIDTH) / 2) + (screen.availLeft || 0);
    const top = Math.max(0, ((screen.height || POPUP_HEIGHT) - POPUP_HEIGHT) / 2) + (screen.availTop || 0);
    return `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top},status=0,location=0,menubar=0,toolbar=0`;
  }

  /**
   * The result a message carries: Telegram posts a JSON string {event: 'auth_result', result}. Undefined for
   * any other message (ignored); false for a refusal or a result without the fields the server checks.
   */
  function resultOf(data) {
    if (typeof data !== 'string') return undefined;
    let message;
    try {
      message = JSON.parse(data);
    } catch (_error) {
      return undefined;
    }
    if (message?.event !== 'auth_result') return undefined;
    const result = message.result;
    const complete =
      result &&
      typeof result === 'object' &&
      typeof result.id === 'number' &&
      typeof result.auth_date === 'number' &&
      typeof result.hash === 'string';
    return complete ? result : false;
  }

  /** Ends the pending login (if it is still `login`) and calls back once. */
  function finish(login, result) {
    if (pending !== login) return;
    pending = null;
    window.removeEventListener('message', login.onMessage);
    window.clearTimeout(login.timer);
    login.callback(result);
  }

  /** Polls the popup until it closes, then gives a late message its grace period before calling back false. */
  function watchClose(login) {
    login.timer = window.setTimeout(() => {
      if (pending !== login) return;
      if (!login.popup.closed) return watchClose(login);
      login.timer = window.setTimeout(() => {
        finish(login, false);
      }, CLOSED_GRACE_DELAY_MS);
    }, CLOSED_POLL_DELAY_MS);
  }

  /** Opens Telegram's login popup for `options.bot_id`; `callback` gets the signed result or false, once. */
  function auth(options, callback) {
    if (pending) finish(pending, false);
    const login = { popup: null, callback: callback, timer: undefined, onMessage: null };
    // Only the popup we opened, on Telegram's origin, may answer: any other window can post to this page.
    login.onMessage = (event) => {
      if (event.source !== login.popup || event.origin !== TELEGRAM_ORIGIN) return;
      const result = resultOf(event.data);
      if (result !== undefined) finish(login, result);
    };
    login.popup = window.open(popupUrl(options), `latch_telegram_login_${options.bot_id}`, popupFeatures());
    pending = login;
    if (!login.popup) {
      // Blocked: nothing will answer.
      login.timer = window.setTimeout(() => {
        finish(login, false);
      }, 0);
      return;
    }
    window.addEventListener('message', login.onMessage);
    watchClose(login);
  }

  window.LatchTelegramLogin = { auth: auth, defaults: defaults };
})();
