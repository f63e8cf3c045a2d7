import { type ReactNode, useEffect } from 'react';
import { adoptApprovalDialogStyles, useApprovalDisplay } from '../components/FrameSlot.js';
import { useEmbeddedWalletRuntime, useWalletImportState } from '../hooks/index.js';
import { EmbeddedWalletImportScreen } from '../screens/embeddedWallet/EmbeddedWalletImportScreen.js';
import { useModalDialog } from './useModalDialog.js';

/** The import screen's <dialog> (non-modal: the wallet frame, whose form reads the key, is placed over it). */
export function ImportWalletDialogBody(): ReactNode {
  const { importer } = useEmbeddedWalletRuntime();
  const state = useWalletImportState();
  const { ref, titleId, root } = useModalDialog(() => importer.dispatch({ type: 'close' }), { modal: false });
  const display = useApprovalDisplay(() => ref.current);
  useEffect(adoptApprovalDialogStyles, []);

  if (!state) return null;
  return (
    <dialog ref={ref} {...root} className="latch-dialog" aria-labelledby={titleId} data-latch-approval="">
      <EmbeddedWalletImportScreen
        titleId={titleId}
        state={state}
        onPlaced={() => importer.dispatch({ type: 'placed', run: state.run, display: display() })}
        onClose={() => importer.dispatch({ type: 'close' })}
      />
    </dialog>
  );
}
