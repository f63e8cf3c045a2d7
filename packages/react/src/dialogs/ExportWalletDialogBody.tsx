import type { ExportPage, WalletExporter } from '@latch/core';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { exportPageTheme } from '../components/exportPageTheme.js';
import { useEmbeddedWalletRuntime, useKeyExportState, useLatchContext } from '../hooks/index.js';
import { useExportWalletStrings } from '../hooks/useExportWalletStrings.js';
import { EmbeddedWalletKeyExportScreen } from '../screens/embeddedWallet/EmbeddedWalletKeyExportScreen.js';
import { WalletConnectingView } from '../screens/embeddedWallet/WalletConnectingView.js';
import { messageText } from '../strings/messageText.js';
import { useModalDialog } from './useModalDialog.js';

/** EMBEDDED_WALLET_KEY_EXPORT_SCREEN in a native modal <dialog>, after EMBEDDED_WALLET_CONNECTING_SCREEN. */
export function ExportWalletDialogBody(): ReactNode {
  const text = useExportWalletStrings();
  const { exporter } = useEmbeddedWalletRuntime();
  const state = useKeyExportState();
  const { ref, titleId, root } = useModalDialog(() => exporter.close());

  if (!state) return null;
  return (
    <dialog ref={ref} {...root} className="latch-dialog" aria-labelledby={titleId}>
      {state.status === 'connecting' ? (
        // SPEC §4: EMBEDDED_WALLET_CONNECTING_SCREEN first (at least 1 s), then the export screen.
        <WalletConnectingView titleId={titleId} onClose={() => exporter.close()} />
      ) : (
        <ExportScreen
          exporter={exporter}
          dialog={ref}
          titleId={titleId}
          address={state.address}
          connected={state.status === 'ready'}
          errorText={state.error ? messageText(text, state.error) : null}
        />
      )}
    </dialog>
  );
}

/** The screen with its export frame: core hands the access token to the frame by message, never in its address. */
function ExportScreen(props: {
  exporter: WalletExporter;
  dialog: { current: HTMLDialogElement | null };
  titleId: string;
  address: string;
  /** False when connecting failed: then no frame is loaded (the screen shows the error). */
  connected: boolean;
  errorText: string | null;
}): ReactNode {
  const { exporter, dialog, address } = props;
  // The page's language, like its size, is taken once: a locale switched mid-export must not reopen it.
  const [locale] = useState(useLatchContext().locale);
  // Decided once: a later failure of the page itself keeps the frame, which shows its own error.
  const [startFrame] = useState(props.connected);
  const [page, setPage] = useState<ExportPage | null>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const loaded = useRef<() => void>(() => {});

  useEffect(() => {
    if (!startFrame) return;
    let live = true;
    const element = dialog.current;
    const view = {
      width: element ? element.clientWidth - 40 : undefined,
      theme: element ? exportPageTheme(element) : {},
      locale,
    };
    void exporter.openPage(view).then((opened) => live && setPage(opened));
    return () => {
      live = false;
    };
  }, [startFrame, exporter, dialog, locale]);

  // A layout effect: listening starts in the same task the frame is inserted, before it can announce itself.
  useLayoutEffect(() => {
    const target = frameRef.current?.contentWindow;
    if (!page || !target) return;
    const session = page.attach(target);
    loaded.current = session.frameLoaded;
    return session.cancel;
  }, [page]);

  return (
    <EmbeddedWalletKeyExportScreen
      titleId={props.titleId}
      address={address}
      frameSrc={page?.src ?? null}
      frameRef={frameRef}
      onFrameLoad={() => loaded.current()}
      errorText={props.errorText}
      onClose={() => exporter.close()}
    />
  );
}
