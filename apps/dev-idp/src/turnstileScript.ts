/**
 * The Turnstile stand-in's widget script (`/turnstile/v0/api.js`): Cloudflare's documented JS API
 * (developers.cloudflare.com/turnstile/get-started/client-side-rendering/) on `window.turnstile` — render,
 * execute, reset, remove, getResponse, isExpired, ready — with the `?render=explicit&onload=fn` query. The
 * widget shows a line of text saying it is a stand-in; its "challenge" is a call to the stand-in, whose answer
 * the site key decides (turnstile.ts). Explicit rendering only (no `.cf-turnstile` scan).
 */
export const TURNSTILE_SCRIPT = `'use strict';
(function () {
  if (window.turnstile) return;
  var script = document.currentScript;
  var base = new URL(script.src);
  var endpoint = base.origin + base.pathname.replace(/api\\.js$/, 'challenge');
  var page = Math.random().toString(36).slice(2) + Date.now().toString(36);
  var widgets = {};
  var counter = 0;

  function find(ref) {
    if (ref === undefined) { for (var id in widgets) return widgets[id]; return undefined; }
    if (typeof ref === 'string' && widgets[ref]) return widgets[ref];
    var el = typeof ref === 'string' ? document.querySelector(ref) : ref;
    for (var key in widgets) if (widgets[key].container === el) return widgets[key];
    return undefined;
  }
  function call(w, name, arg) {
    var fn = w.params[name];
    if (typeof fn === 'function') return fn(arg);
    if (typeof fn === 'string' && typeof window[fn] === 'function') return window[fn](arg);
    return undefined;
  }
  function show(w, text) { w.label.textContent = 'Turnstile stand-in (not Cloudflare): ' + text; w.el.setAttribute('data-state', w.state); }
  function clearTimers(w) { clearTimeout(w.expiry); clearTimeout(w.retry); }

  function run(w) {
    clearTimers(w);
    var seq = ++w.run;
    w.token = undefined; w.expired = false; w.state = 'loading'; show(w, 'verifying…');
    var body = new URLSearchParams({ sitekey: w.params.sitekey, action: w.params.action || '', cdata: w.params.cData || '', page: page });
    fetch(endpoint, { method: 'POST', body: body }).then(function (r) { return r.json(); }).then(function (answer) {
      if (w.removed || seq !== w.run) return;
      if (answer.outcome === 'hang') return;
      if (answer.outcome === 'pass') {
        w.token = answer.token; w.state = 'success'; show(w, 'success');
        w.expiry = setTimeout(function () { expire(w, seq); }, answer.expires_in_ms);
        call(w, 'callback', answer.token);
        return;
      }
      fail(w, answer.error_code || '600010');
    }).catch(function () { if (!w.removed && seq === w.run) fail(w, '200500'); });
  }
  function fail(w, code) {
    w.state = 'error'; show(w, 'failed (' + code + ')');
    var handled = call(w, 'error-callback', code);
    // Turnstile retries by itself unless retry is 'never' or the error-callback handled the error (returned true).
    if (handled !== true && w.params.retry !== 'never') {
      w.retry = setTimeout(function () { if (!w.removed) run(w); }, Number(w.params['retry-interval']) || 8000);
    }
  }
  function expire(w, seq) {
    if (w.removed || seq !== w.run) return;
    w.expired = true; w.state = 'expired'; show(w, 'token expired');
    call(w, 'expired-callback', w.token);
    var refresh = w.params['refresh-expired'] || 'auto';
    if (refresh === 'auto') run(w);
  }

  window.turnstile = {
    render: function (container, params) {
      var el = typeof container === 'string' ? document.querySelector(container) : container;
      if (!el) throw new Error('[Cloudflare Turnstile] Unable to find a container for "' + container + '".');
      if (!params || !params.sitekey) throw new Error('[Cloudflare Turnstile] Invalid or missing type for parameter "sitekey".');
      var id = 'cf-chl-widget-' + (++counter).toString(36);
      var box = document.createElement('div');
      box.id = id; box.setAttribute('data-latch-turnstile-standin', '');
      var label = document.createElement('span');
      box.appendChild(label);
      el.appendChild(box);
      var w = { id: id, container: el, el: box, label: label, params: params, run: 0, state: 'ready', removed: false };
      widgets[id] = w;
      show(w, 'ready');
      if ((params.execution || 'render') === 'render') run(w);
      return id;
    },
    execute: function (container, params) {
      var w = find(container);
      if (!w) { var id = window.turnstile.render(container, Object.assign({}, params, { execution: 'execute' })); w = widgets[id]; }
      run(w);
    },
    reset: function (ref) {
      var w = find(ref);
      if (!w) return;
      clearTimers(w); w.run++; w.token = undefined; w.expired = false; w.state = 'ready'; show(w, 'ready');
      if ((w.params.execution || 'render') === 'render') run(w);
    },
    remove: function (ref) {
      var w = find(ref);
      if (!w) return;
      clearTimers(w); w.removed = true; w.el.remove(); delete widgets[w.id];
    },
    getResponse: function (ref) { var w = find(ref); return w && !w.expired ? w.token : undefined; },
    isExpired: function (ref) { var w = find(ref); return Boolean(w && w.expired); },
    ready: function (callback) { callback(); },
  };

  var onload = base.searchParams.get('onload');
  if (onload && typeof window[onload] === 'function') setTimeout(function () { window[onload](); }, 0);
})();
`;
