import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useFlowState, useLatchContext } from '../../hooks/index.js';
import { usePasskeyStrings } from '../../hooks/usePasskeyStrings.js';
import { passkeyErrorText } from '../../strings/passkeyStrings.js';
import type { ScreenProps } from '../ScreenProps.js';

/**
 * AWAITING_PASSKEY_SYSTEM_DIALOGUE (SPEC §3 "Passkey login"): loading while the browser's dialogue is open, then
 * 'Success!' or the SPEC §8 error with Retry. It also offers the other way in: a new account with a passkey, or
 * back to an existing one.
 */
export function AwaitingPasskeySystemDialogueScreen({ titleId }: ScreenProps): ReactNode {
  const { runner } = useLatchContext();
  const text = usePasskeyStrings();
  const { passkey } = useFlowState();
  const signingUp = passkey.operation === 'signup';
  const { status } = passkey;
  const start = (operation: 'login' | 'signup') => runner.dispatch({ type: 'startPasskey', operation });

  return (
    <ScreenFrame
      titleId={titleId}
      title={signingUp ? text.passkeySignUpTitle : text.passkeyLoginTitle}
      onBack={status === 'done' ? undefined : () => runner.dispatch({ type: 'back' })}
      top={
        status === 'error' ? (
          <div className="latch-badge" data-tone="error" aria-hidden="true">
            !
          </div>
        ) : null
      }
    >
      {status === 'pending' ? (
        <>
          <div className="latch-spinner" role="progressbar" aria-label={text.loading} />
          <p className="latch-text">{text.passkeyWaiting}</p>
        </>
      ) : null}
      <p className="latch-status" data-tone={status === 'done' ? 'success' : 'error'} role="status" aria-live="polite">
        {status === 'done'
          ? text.success
          : status === 'error' && passkey.error
            ? passkeyErrorText(text, passkey.operation, passkey.error)
            : ''}
      </p>
      {status === 'error' ? (
        <Button variant="primary" onClick={() => start(signingUp ? 'signup' : 'login')}>
          {text.passkeyRetry}
        </Button>
      ) : null}
      {status === 'done' ? null : (
        <p className="latch-text">
          {signingUp ? text.passkeyHaveOne : text.passkeyNoAccount}{' '}
          <Button variant="link" onClick={() => start(signingUp ? 'login' : 'signup')}>
            {signingUp ? text.passkeyLogin : text.passkeySignUp}
          </Button>
        </p>
      )}
    </ScreenFrame>
  );
}
