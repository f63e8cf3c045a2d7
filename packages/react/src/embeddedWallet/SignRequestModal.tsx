import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useRootAttributes } from '../modal/useRootAttributes.js';
import { EmbeddedWalletSignRequestScreen } from '../screens/EmbeddedWalletSignRequestScreen.js';
import { injectStyles } from '../styles/injectStyles.js';
import { useEmbeddedWalletRuntime, useEmbeddedWalletState } from './EmbeddedWalletContext.js';

/** The sign request's native modal <dialog> (loaded only when a signature first waits for the user). */
export function SignRequestModal(): ReactNode {
  const runtime = useEmbeddedWalletRuntime();
  const { signRequest } = useEmbeddedWalletState();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const root = useRootAttributes();

  useEffect(() => injectStyles(), []);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      runtime.rejectSignRequest();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
    };
  }, [runtime]);

  if (!signRequest) return null;
  return (
    <dialog ref={ref} {...root} className="latch-dialog" aria-labelledby={titleId}>
      <EmbeddedWalletSignRequestScreen
        titleId={titleId}
        request={signRequest}
        onSign={() => runtime.approveSignRequest()}
        onClose={() => runtime.rejectSignRequest()}
      />
    </dialog>
  );
}
