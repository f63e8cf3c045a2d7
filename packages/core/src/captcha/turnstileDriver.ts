import { TURNSTILE_ACTION } from '@latch/protocol/captcha';
import type { CaptchaDriver } from './captchaDriver.js';

/** Cloudflare's script, when the host names no other (`captcha.turnstileScriptUrl` of createLatch). */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js';

/** The part of Turnstile's JS API the widget uses (developers.cloudflare.com/turnstile/get-started/client-side-rendering). */
interface TurnstileApi {
  render(container: HTMLElement, params: Record<string, unknown>): string;
  execute(widgetId: string): void;
  reset(widgetId: string): void;
}

const scripts = new Map<string, Promise<TurnstileApi>>();

/** Loads Turnstile's script once per URL (explicit rendering, its `onload` callback). */
function loadTurnstile(url: string): Promise<TurnstileApi> {
  const page = window as unknown as Record<string, unknown>;
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<TurnstileApi>((resolve, reject) => {
      const onload = `latchTurnstile${scripts.size}`;
      page[onload] = () => resolve(page.turnstile as TurnstileApi);
      const script = document.createElement('script');
      script.src = `${url}${url.includes('?') ? '&' : '?'}render=explicit&onload=${onload}`;
      script.async = true;
      script.onerror = () => {
        scripts.delete(url);
        script.remove();
        reject(new Error('Turnstile script failed to load.'));
      };
      document.head.append(script);
    });
    scripts.set(url, loading);
  }
  return loading;
}

/**
 * Cloudflare Turnstile (SPEC §4): its widget, rendered once in a corner of the page (invisible for an invisible
 * widget), run on demand; our flow, not Turnstile, retries and refreshes (retry 'never', refresh-expired 'manual').
 */
export function turnstileDriver(siteKey: string, scriptUrl: string, onExpired: () => void): CaptchaDriver {
  let widget: Promise<{ api: TurnstileApi; id: string }> | null = null;
  let waiting: { resolve(token: string): void; reject(error: Error): void } | null = null;
  let used = false;
  const settle = (token: string | null, code?: unknown) => {
    if (token) waiting?.resolve(token);
    else waiting?.reject(new Error(`Turnstile error ${String(code)}`));
    waiting = null;
  };
  const mount = () =>
    (widget ??= loadTurnstile(scriptUrl).then(
      (api) => {
        const container = document.createElement('div');
        container.setAttribute('data-latch-captcha', '');
        container.style.cssText = 'position:fixed;right:8px;bottom:8px;z-index:2147483647';
        document.body.append(container);
        const id = api.render(container, {
          sitekey: siteKey,
          action: TURNSTILE_ACTION,
          execution: 'execute',
          appearance: 'interaction-only',
          retry: 'never',
          'refresh-expired': 'manual',
          callback: (token: string) => settle(token),
          'error-callback': (code: unknown) => {
            settle(null, code);
            return true;
          },
          'expired-callback': onExpired,
        });
        return { api, id };
      },
      (error: unknown) => {
        widget = null;
        throw error;
      },
    ));
  return {
    mount() {
      mount().catch(() => undefined);
    },
    execute: () =>
      mount().then(
        ({ api, id }) =>
          new Promise<string>((resolve, reject) => {
            settle(null, 'replaced');
            waiting = { resolve, reject };
            if (used) api.reset(id);
            used = true;
            api.execute(id);
          }),
      ),
    reset() {
      settle(null, 'reset');
    },
  };
}
