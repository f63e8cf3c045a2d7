import { type ReactNode, useEffect } from 'react';
import { adoptApprovalDialogStyles, useApprovalDisplay } from '../components/FrameSlot.js';
import { useEmbeddedWalletRuntime, useEmbeddedWalletState } from '../hooks/index.js';
import { EmbeddedWalletSignRequestScreen } from '../screens/embeddedWallet/EmbeddedWalletSignRequestScreen.js';
import { useModalDialog } from './useModalDialog.js';

/** The sign request's <dialog> (non-modal: the wallet frame is placed over it), loaded when a signature first waits. */
export function SignRequestDialogBody(): ReactNode {
  const runtime = useEmbeddedWalletRuntime();
  const { signRequest } = useEmbeddedWalletState();
  const { ref, titleId, root } = useModalDialog(() => runtime.rejectSignRequest(), { modal: false });
  const display = useApprovalDisplay(() => ref.current);
  useEffect(adoptApprovalDialogStyles, []);

  if (!signRequest) return null;
  return (
    <dialog ref={ref} {...root} className="latch-dialog" aria-labelledby={titleId} data-latch-approval="">
      <EmbeddedWalletSignRequestScreen
        titleId={titleId}
        request={signRequest}
        onSign={() => runtime.approveSignRequest(display())}
        onClose={() => runtime.rejectSignRequest()}
      />
    </dialog>
  );
}
