import { type ReactNode, useState } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { SocialMark } from '../../components/SocialMark.js';
import { useFlowState, useLatchContext } from '../../hooks/index.js';
import { useSocialStrings } from '../../hooks/useSocialStrings.js';
import { format } from '../../strings/format.js';
import { socialMethodName } from '../../strings/socialText.js';
import type { ScreenProps } from '../ScreenProps.js';

/**
 * IN_APP_BROWSER_LOGIN_NOT_POSSIBLE (SPEC §2, §5: Google refuses sign-in in a social app's built-in browser): says
 * so, asks for an external browser, offers to copy the page's address for it, and leads back to the other methods.
 */
export function InAppBrowserLoginNotPossibleScreen({ titleId }: ScreenProps): ReactNode {
  const { runner } = useLatchContext();
  const text = useSocialStrings();
  const { social, intent } = useFlowState();
  const [copied, setCopied] = useState(false);
  const provider = socialMethodName(text, social.method);
  const back = () => runner.dispatch(intent === 'login' ? { type: 'back' } : { type: 'close' });
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;

  return (
    <ScreenFrame
      titleId={titleId}
      title={text.inAppBrowserTitle}
      onBack={intent === 'login' ? back : undefined}
      top={
        social.method ? (
          <div className="latch-social-hero" data-tone="error">
            <SocialMark method={social.method} size={40} />
          </div>
        ) : null
      }
    >
      <p className="latch-text">{format(text.inAppBrowserDetail, { provider })}</p>
      {clipboard ? (
        <Button
          variant="primary"
          onClick={() =>
            clipboard.writeText(window.location.href).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          {copied ? text.inAppBrowserCopied : text.inAppBrowserCopy}
        </Button>
      ) : null}
      <Button onClick={back}>{text.inAppBrowserOtherMethod}</Button>
    </ScreenFrame>
  );
}
