import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useFlowState, useLatchContext, useStrings } from '../../hooks/index.js';
import { type CaptchaStrings, captchaStrings } from '../../strings/captchaStrings.js';
import type { Strings } from '../../strings/en.js';
import type { ScreenProps } from '../ScreenProps.js';

/**
 * CAPTCHA_SCREEN (SPEC §2, §4 "Captcha"): shown when a login asks for a captcha token before one is ready; it says
 * 'Checking that you are a human...' while the captcha runs, 'Success!' (the login goes on), or 'Something went
 * wrong' with the adblocker / VPN hint once the retries ran out ('Unsupported captcha site key' for an unknown key).
 */
export function CaptchaScreen({ titleId }: ScreenProps): ReactNode {
  const { runner } = useLatchContext();
  const text = { ...captchaStrings, ...useStrings() } as Strings & CaptchaStrings;
  const { captcha } = useFlowState();
  const status = captcha?.status ?? 'loading';
  const failed = status === 'error';
  return (
    <ScreenFrame
      titleId={titleId}
      title={failed ? text.captchaFailed : status === 'success' ? text.captchaSuccess : text.captchaChecking}
      onBack={() => runner.dispatch({ type: 'back' })}
      top={
        failed ? (
          <div className="latch-badge" data-tone="error" aria-hidden="true">
            !
          </div>
        ) : status === 'success' ? (
          <div className="latch-badge" aria-hidden="true">
            ✓
          </div>
        ) : (
          <div className="latch-spinner" role="progressbar" aria-label={text.loading} />
        )
      }
    >
      <p className="latch-status" data-tone={failed ? 'error' : 'success'} role="status" aria-live="polite">
        {failed ? (captcha?.unsupported ? text.captchaUnsupported : captcha?.hint ? text.captchaHint : '') : ''}
      </p>
      {failed && !captcha?.unsupported ? (
        <Button variant="primary" onClick={() => runner.dispatch({ type: 'captchaRetry' })}>
          {text.captchaRetry}
        </Button>
      ) : null}
    </ScreenFrame>
  );
}
