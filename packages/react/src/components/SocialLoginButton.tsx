import type { SocialMethod } from '@latch/core';
import { isInAppBrowser, openOAuthPopup } from '@latch/core/oauth';
import type { OAuthProvider } from '@latch/protocol';
import type { ReactNode } from 'react';
import { useLatchContext } from '../hooks/index.js';
import { useSocialStrings } from '../hooks/useSocialStrings.js';
import { format } from '../strings/format.js';
import { socialMethodName } from '../strings/socialText.js';
import { Button } from './Button.js';
import { SocialMark } from './SocialMark.js';

/**
 * Opens the OAuth popup for a click on `provider` — except for Google in an in-app browser, which the flow turns
 * into IN_APP_BROWSER_LOGIN_NOT_POSSIBLE (SPEC §5): no window is left behind.
 */
export function openPopupFor(provider: OAuthProvider): void {
  if (provider !== 'google' || !isInAppBrowser(navigator.userAgent)) openOAuthPopup();
}

/**
 * A landing button for an OAuth provider, Telegram or Farcaster: the provider's mark and name. An OAuth click opens the
 * (blank) popup first, in the click itself, so that popup blockers allow it; the flow then points it at the
 * provider. Telegram's popup opens later, from TELEGRAM_AUTH_SCREEN's own button.
 */
export function SocialLoginButton({ method }: { method: SocialMethod }): ReactNode {
  const { runner } = useLatchContext();
  const strings = useSocialStrings();
  const name = socialMethodName(strings, method);
  return (
    <Button
      aria-label={format(strings.socialLoginWith, { provider: name })}
      data-method={method}
      onClick={() => {
        if (method === 'telegram') {
          runner.dispatch({ type: 'startTelegram' });
          return;
        }
        if (method === 'farcaster') {
          runner.dispatch({ type: 'startFarcaster', kind: 'connect' });
          return;
        }
        openPopupFor(method);
        runner.dispatch({ type: 'startOAuth', provider: method });
      }}
    >
      <SocialMark method={method} />
      {name}
    </Button>
  );
}
