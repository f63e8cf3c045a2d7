import { loadSocialFlow } from '@latch/core';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useRootAttributes } from '../components/useRootAttributes.js';
import { useClientState, useFlowState, useLatchContext } from '../hooks/index.js';
import { preloadPhoneForm } from '../screens/auth/LandingScreen.js';
import { social as socialChunk } from '../screens/auth/socialChunk.js';
import { ScreenView } from '../screens/ScreenView.js';
import { injectStyles } from '../styles/injectStyles.js';

/**
 * The modal as a native <dialog> opened with showModal(): the rest of the page is inert, focus stays
 * inside and returns where it was on close. Escape, the close button and a click on the backdrop all
 * run the screen's graceful close through the flow.
 */
export function LoginDialog(): ReactNode {
  const flow = useFlowState();
  const { embeds } = useLatchContext();
  const methods = useClientState().config?.loginMethods ?? [];
  const sms = methods.includes('sms');
  // Any other method with a landing button of its own is social (the nine providers, Telegram and Farcaster).
  const social = methods.some((m) => !/^(email|sms|wallet|passkey)$/.test(m));
  // The landing's phone form and social buttons load after first paint: start them as soon as the app turns them on.
  useEffect(() => {
    if (sms) preloadPhoneForm();
    if (social) {
      socialChunk.preload().catch(() => undefined);
      // The flow too: loaded, it opens a link's popup (Latch.linkOAuth) or Telegram's inside the click.
      loadSocialFlow().catch(() => undefined);
    }
  }, [sms, social]);
  if (flow.phase === 'closed' || !flow.screen || embeds.current > 0) return null;
  return <ModalDialog visible={flow.phase === 'open'} />;
}

function ModalDialog({ visible }: { visible: boolean }): ReactNode {
  const { runner } = useLatchContext();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const root = useRootAttributes();

  useEffect(() => injectStyles(), []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (visible && !dialog.open) dialog.showModal();
    if (!visible && dialog.open) dialog.close();
  }, [visible]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      runner.dispatch({ type: 'close' });
    };
    // The browser may still close the dialog itself (repeated Escape); keep the flow in step.
    const onClose = () => {
      const { phase } = runner.getState();
      if (phase === 'open' || phase === 'opening') runner.dispatch({ type: 'close' });
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClose);
    };
  }, [runner]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled by the dialog's cancel event.
    <dialog
      ref={ref}
      {...root}
      className="latch-dialog"
      aria-labelledby={titleId}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) runner.dispatch({ type: 'close' });
      }}
    >
      <ScreenView titleId={titleId} />
    </dialog>
  );
}
