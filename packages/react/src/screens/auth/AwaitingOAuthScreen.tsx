import { socialErrorRetryable } from '@latch/core/oauth';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { openPopupFor } from '../../components/SocialLoginButton.js';
import { SocialMark } from '../../components/SocialMark.js';
import { useFlowState, useLatchContext } from '../../hooks/index.js';
import { useSocialStrings } from '../../hooks/useSocialStrings.js';
import { format } from '../../strings/format.js';
import { oauthErrorText, socialMethodName } from '../../strings/socialText.js';
import type { ScreenProps } from '../ScreenProps.js';

/**
 * AWAITING_OAUTH_SCREEN (SPEC §2, §3 "OAuth and Telegram"): the provider's mark while its window is open and the
 * code is exchanged, then 'Success!' (the flow moves on 1400 ms later) or SPEC §8's "Farcaster and OAuth" error,
 * with Retry when another try can succeed.
 */
export function AwaitingOAuthScreen({ titleId }: ScreenProps): ReactNode {
  const { runner } = useLatchContext();
  const text = useSocialStrings();
  const { social, intent } = useFlowState();
  const { status, method, error } = social;
  const provider = socialMethodName(text, method);
  const failure = status === 'error' && error ? oauthErrorText(text, intent, method, error) : null;
  const pendingTitle = format(intent === 'login' ? text.oauthLoggingIn : text.oauthConnecting, { provider });
  const retry = () => {
    if (!method || method === 'telegram' || method === 'farcaster') return;
    // A click: the popup opens now, before the flow asks the server for the provider's URL (popup blockers).
    openPopupFor(method);
    runner.dispatch({ type: 'startOAuth', provider: method });
  };

  return (
    <ScreenFrame
      titleId={titleId}
      title={failure ? failure.title : pendingTitle}
      onBack={status === 'done' || intent !== 'login' ? undefined : () => runner.dispatch({ type: 'back' })}
      top={
        method ? (
          <div className="latch-social-hero" data-tone={status === 'error' ? 'error' : undefined}>
            <SocialMark method={method} size={40} />
          </div>
        ) : null
      }
    >
      {status === 'pending' ? (
        <>
          <div className="latch-spinner" role="progressbar" aria-label={text.loading} />
          <p className="latch-text">{format(text.oauthWaiting, { provider })}</p>
        </>
      ) : null}
      <p className="latch-status" data-tone={status === 'done' ? 'success' : 'error'} role="status" aria-live="polite">
        {status === 'done' ? text.success : (failure?.detail ?? '')}
      </p>
      {status === 'error' && error && socialErrorRetryable(error) ? (
        <Button variant="primary" onClick={retry}>
          {text.oauthRetry}
        </Button>
      ) : null}
    </ScreenFrame>
  );
}
