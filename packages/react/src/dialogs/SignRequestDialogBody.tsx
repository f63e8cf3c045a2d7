import type { ReactNode } from 'react';
import { useEmbeddedWalletRuntime, useEmbeddedWalletState } from '../hooks/index.js';
import { EmbeddedWalletSignRequestScreen } from '../screens/embeddedWallet/EmbeddedWalletSignRequestScreen.js';
import { useModalDialog } from './useModalDialog.js';

/** The sign request's native modal <dialog> (loaded only when a signature first waits for the user). */
export function SignRequestDialogBody(): ReactNode {
  const runtime = useEmbeddedWalletRuntime();
  const { signRequest } = useEmbeddedWalletState();
  const { ref, titleId, root } = useModalDialog(() => runtime.rejectSignRequest());

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
