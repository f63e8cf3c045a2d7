import { socialErrorRetryable } from '@latch/core/oauth';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { SocialMark } from '../../components/SocialMark.js';
import { useFlowState, useLatchContext } from '../../hooks/index.js';
import { useSocialStrings } from '../../hooks/useSocialStrings.js';
import { telegramErrorText } from '../../strings/socialText.js';
import type { ScreenProps } from '../ScreenProps.js';

/**
 * TELEGRAM_AUTH_SCREEN (SPEC §2, §3 "OAuth and Telegram"): Telegram's window opens from this screen's button — a
 * click of its own, so that popup blockers allow it — then the wait, 'Success!' or SPEC §8's Telegram texts.
 */
export function TelegramAuthScreen({ titleId }: ScreenProps): ReactNode {
  const { runner } = useLatchContext();
  const text = useSocialStrings();
  const { social, intent } = useFlowState();
  const { status, error } = social;
  const linking = intent !== 'login';
  const canStart = status === 'idle' || (status === 'error' && (!error || socialErrorRetryable(error)));

  return (
    <ScreenFrame
      titleId={titleId}
      title={linking ? text.telegramLinkTitle : text.telegramLoginTitle}
      onBack={status === 'done' || linking ? undefined : () => runner.dispatch({ type: 'back' })}
      top={
        <div className="latch-social-hero" data-tone={status === 'error' ? 'error' : undefined}>
          <SocialMark method="telegram" size={40} />
        </div>
      }
    >
      {status === 'pending' ? (
        <>
          <div className="latch-spinner" role="progressbar" aria-label={text.loading} />
          <p className="latch-text">{text.telegramWaiting}</p>
        </>
      ) : status === 'idle' ? (
        <p className="latch-text">{text.telegramHint}</p>
      ) : null}
      <p className="latch-status" data-tone={status === 'done' ? 'success' : 'error'} role="status" aria-live="polite">
        {status === 'done' ? text.success : status === 'error' && error ? telegramErrorText(text, error) : ''}
      </p>
      {canStart ? (
        <Button variant="primary" onClick={() => runner.dispatch({ type: 'authorizeTelegram' })}>
          {linking ? text.telegramLink : text.telegramLogin}
        </Button>
      ) : null}
    </ScreenFrame>
  );
}
