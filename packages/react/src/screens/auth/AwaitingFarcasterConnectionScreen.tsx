import { socialErrorRetryable } from '@latch/core/oauth';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { FarcasterRequestView } from '../../components/FarcasterRequestView.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { SocialMark } from '../../components/SocialMark.js';
import { useFlowState, useLatchContext } from '../../hooks/index.js';
import { useSocialStrings } from '../../hooks/useSocialStrings.js';
import { farcasterErrorText } from '../../strings/socialText.js';
import type { ScreenProps } from '../ScreenProps.js';

/**
 * AWAITING_FARCASTER_CONNECTION (SPEC §2, §4 "Farcaster"): Sign In With Farcaster's connect URI as a QR code (or the
 * app's deep link on a phone) while the status is polled, then 'Success!' or SPEC §8's "Farcaster and OAuth" error
 * with Retry. Also AWAITING_FARCASTER_SIGNER's frame (`signer`).
 */
export function AwaitingFarcasterConnectionScreen({
  titleId,
  signer = false,
}: ScreenProps & { signer?: boolean }): ReactNode {
  const { runner } = useLatchContext();
  const text = useSocialStrings();
  const { social, intent } = useFlowState();
  const { status, error } = social;
  const failure = status === 'error' && error ? farcasterErrorText(text, intent, error) : null;
  const title = signer
    ? text.farcasterSignerTitle
    : intent === 'login'
      ? text.farcasterLoginTitle
      : text.farcasterLinkTitle;
  const retryable = error && socialErrorRetryable(error) && error.code !== 'farcaster_request_rejected';

  return (
    <ScreenFrame
      titleId={titleId}
      title={failure ? failure.title : title}
      onBack={status === 'done' || intent !== 'login' ? undefined : () => runner.dispatch({ type: 'back' })}
      top={
        <div className="latch-social-hero" data-tone={status === 'error' ? 'error' : undefined}>
          <SocialMark method="farcaster" size={40} />
        </div>
      }
    >
      {status === 'pending' ? (
        <FarcasterRequestView
          uri={social.farcaster?.uri ?? null}
          text={{
            scan: signer ? text.farcasterSignerScan : text.farcasterScan,
            openApp: text.farcasterOpenApp,
            openHint: text.farcasterOpenHint,
            qr: text.farcasterQr,
            waiting: text.farcasterWaiting,
          }}
        />
      ) : null}
      <p className="latch-status" data-tone={status === 'done' ? 'success' : 'error'} role="status" aria-live="polite">
        {status === 'done' ? text.success : (failure?.detail ?? '')}
      </p>
      {status === 'error' && retryable ? (
        <Button
          variant="primary"
          onClick={() => runner.dispatch({ type: 'startFarcaster', kind: signer ? 'signer' : 'connect' })}
        >
          {text.oauthRetry}
        </Button>
      ) : null}
    </ScreenFrame>
  );
}
