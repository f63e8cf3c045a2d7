import type { ReactNode, Ref } from 'react';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useExportWalletStrings } from '../../hooks/useExportWalletStrings.js';

// Inline (CSSOM) styles: allowed under a strict host style-src, unlike a new stylesheet rule.
const ADDRESS_STYLE = {
  margin: 0,
  padding: '8px 12px',
  borderRadius: 8,
  background: 'var(--latch-surface)',
  fontFamily: 'ui-monospace, monospace',
  fontSize: 13,
  overflowWrap: 'anywhere',
  textAlign: 'center',
} as const;
const STEPS_STYLE = { margin: 0, paddingLeft: 20, display: 'flex', flexDirection: 'column', gap: 4 } as const;
/**
 * The export page first asks for its step-up code (prompt, code field, error line, Verify), then shows the
 * key masked with Reveal and Copy: tall enough for the taller of the two (docs/custody.md "Export").
 */
export const EXPORT_FRAME_HEIGHT = 232;
const FRAME_STYLE = {
  display: 'block',
  width: '100%',
  height: EXPORT_FRAME_HEIGHT,
  border: 0,
  colorScheme: 'normal',
} as const;
const WARNING_STYLE = {
  margin: 0,
  padding: '8px 12px',
  borderRadius: 8,
  border: '1px solid var(--latch-error)',
  color: 'var(--latch-fg)',
  fontSize: 14,
} as const;

/** EMBEDDED_WALLET_KEY_EXPORT_SCREEN props: the key itself lives only in the export frame. */
interface EmbeddedWalletKeyExportScreenProps {
  titleId: string;
  address: string;
  /** The export page's address; null until the access token is at hand. */
  frameSrc: string | null;
  frameRef: Ref<HTMLIFrameElement>;
  onFrameLoad(): void;
  errorText: string | null;
  onClose(): void;
}

/**
 * EMBEDDED_WALLET_KEY_EXPORT_SCREEN ('Transfer Wallet'): address, the steps, the warning, and the export
 * frame, which asks for the step-up code and shows the key itself (never posted to this page).
 */
export function EmbeddedWalletKeyExportScreen(props: EmbeddedWalletKeyExportScreenProps): ReactNode {
  const text = useExportWalletStrings();
  return (
    <ScreenFrame titleId={props.titleId} title={text.title} onClose={props.onClose}>
      <p className="latch-sr-only">{text.addressLabel}</p>
      <p style={ADDRESS_STYLE}>{props.address}</p>
      <ol className="latch-text" style={{ ...STEPS_STYLE, textAlign: 'left' }}>
        <li>{text.stepCopy}</li>
        <li>{text.stepImport}</li>
      </ol>
      {props.frameSrc ? (
        <iframe
          ref={props.frameRef}
          src={props.frameSrc}
          title={text.frameTitle}
          allow="clipboard-write"
          referrerPolicy="origin"
          style={FRAME_STYLE}
          onLoad={props.onFrameLoad}
        />
      ) : null}
      <p style={WARNING_STYLE}>{text.warning}</p>
      <p className="latch-status" data-tone={props.errorText ? 'error' : undefined} role="status">
        {props.errorText ?? ''}
      </p>
    </ScreenFrame>
  );
}
