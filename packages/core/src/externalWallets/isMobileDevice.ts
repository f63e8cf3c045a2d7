import { DISPLAY } from '@latch/protocol';

const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile|webOS|BlackBerry/i;

/**
 * True where wallets live in apps, not extensions (SPEC §4: the manual 'Sign with your wallet' step and the
 * in-app-browser interstitial): a mobile user agent, or a touch screen narrower than the 440 px breakpoint.
 */
export function isMobileDevice(device: { userAgent: string; viewportWidth?: number; touch?: boolean }): boolean {
  if (MOBILE_AGENT.test(device.userAgent)) return true;
  return Boolean(device.touch) && (device.viewportWidth ?? Number.POSITIVE_INFINITY) <= DISPLAY.mobileBreakpoint;
}

/** `isMobileDevice` for the current browser; false where there is no browser (SSR). */
export function isMobileBrowser(): boolean {
  if (typeof navigator === 'undefined' || typeof window === 'undefined') return false;
  return isMobileDevice({
    userAgent: navigator.userAgent,
    viewportWidth: window.innerWidth,
    touch: navigator.maxTouchPoints > 0,
  });
}
