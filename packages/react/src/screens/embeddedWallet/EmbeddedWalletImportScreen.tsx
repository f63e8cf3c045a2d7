import type { WalletImportState } from '@latch/core';
import type { ReactNode } from 'react';
import { FrameSlot } from '../../components/FrameSlot.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useExportWalletStrings } from '../../hooks/useExportWalletStrings.js';
import { messageText } from '../../strings/messageText.js';

/** The height of the frame's import form (title, description, key field, error line, Cancel and Import). */
const IMPORT_FORM_HEIGHT = 340;

/**
 * The import screen (issue #32). While the import runs, the wallet frame is placed over this screen and shows its
 * own form: the private key is typed there, in the frame's document, never in this page. A failure is shown here
 * until the user closes it.
 */
export function EmbeddedWalletImportScreen(props: {
  titleId: string;
  state: WalletImportState;
  onPlaced(): void;
  onClose(): void;
}): ReactNode {
  const text = useExportWalletStrings();
  const { state } = props;
  if (state.status !== 'error') {
    return (
      <div className="latch-screen" style={{ padding: 0 }}>
        {/* Inline: the widget's `all: revert` reset would show a `hidden` heading (the frame has its own title). */}
        <h2 id={props.titleId} hidden style={{ display: 'none' }}>
          {text.importTitle}
        </h2>
        <FrameSlot
          height={IMPORT_FORM_HEIGHT}
          onPlaced={() => {
            if (state.status === 'placing') props.onPlaced();
          }}
        />
      </div>
    );
  }
  const reason = (state.error as { message?: unknown } | null)?.message;
  return (
    <ScreenFrame titleId={props.titleId} title={text.importTitle} onClose={props.onClose}>
      <p className="latch-status" data-tone="error" role="status">
        {text.importFailed} {typeof reason === 'string' ? reason : messageText(text, 'wallet_error')}
      </p>
    </ScreenFrame>
  );
}
