import type { SignRequest } from '@latch/core';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { FrameSlot } from '../../components/FrameSlot.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useEmbeddedWalletStrings } from '../../hooks/useEmbeddedWalletStrings.js';
import { messageText } from '../../strings/messageText.js';

// Inline (CSSOM) style: allowed under a strict host style-src, unlike a new stylesheet rule.
const PAYLOAD_STYLE = {
  margin: 0,
  padding: 12,
  maxHeight: 200,
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontSize: 13,
  fontFamily: 'ui-monospace, monospace',
  borderRadius: 8,
  background: 'var(--latch-surface)',
} as const;

/** The payload as shown: the message text for personal_sign, the typed data as formatted JSON. */
function shownPayload(request: SignRequest): string {
  if (request.kind === 'message') return String(request.payload);
  const typed = typeof request.payload === 'string' ? JSON.parse(request.payload) : request.payload;
  return JSON.stringify(typed, null, 2);
}

/** The height of the frame's sign confirmation (title, description, payload, Cancel and 'Sign and continue'). */
const SIGN_CONFIRMATION_HEIGHT = 400;

/**
 * EMBEDDED_WALLET_SIGN_REQUEST_SCREEN. While the request waits, the wallet frame shows it — the message or typed
 * data, 'Sign and continue' and Cancel — over this screen, and the click there signs (issue #24); the widget
 * shows 'Success' after, and the failure with a way to ask again. The host's title, description and button text
 * for the call (signMessage / signTypedData `uiOptions`) replace SPEC's here and on the frame's confirmation.
 */
export function EmbeddedWalletSignRequestScreen(props: {
  titleId: string;
  request: SignRequest;
  onSign(): void;
  onClose(): void;
}): ReactNode {
  const text = useEmbeddedWalletStrings();
  const { request } = props;
  // The host's texts for this call, shown as given (no catalogue: they are the host's words), else SPEC's.
  const title = request.uiOptions.title ?? text.signMessageTitle;
  const description = request.uiOptions.description ?? text.signMessageDescription;
  const buttonText = request.uiOptions.buttonText ?? text.signAndContinue;
  if (request.status === 'pending' || request.status === 'signing') {
    return (
      <div className="latch-screen" style={{ padding: 0 }}>
        <h2 id={props.titleId} className="latch-sr-only">
          {title}
        </h2>
        <FrameSlot
          height={SIGN_CONFIRMATION_HEIGHT}
          onPlaced={() => {
            if (request.status === 'pending') props.onSign();
          }}
        />
      </div>
    );
  }
  return (
    <ScreenFrame titleId={props.titleId} title={title} onClose={props.onClose}>
      <p className="latch-text">{description}</p>
      {/* A scrollable region must be reachable by keyboard to be read (WCAG 2.1.1). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focus lets keyboard users scroll long typed data. */}
      <section className="latch-sign-payload" style={PAYLOAD_STYLE} tabIndex={0} aria-label={title}>
        <pre style={{ margin: 0, whiteSpace: 'pre-wrap', font: 'inherit' }}>{shownPayload(request)}</pre>
      </section>
      <p
        className="latch-status"
        data-tone={request.status === 'error' ? 'error' : request.status === 'success' ? 'success' : undefined}
        role="status"
      >
        {request.status === 'success' ? text.signSuccess : messageText(text, request.error)}
      </p>
      {request.status === 'error' ? (
        <Button variant="primary" onClick={props.onSign}>
          {buttonText}
        </Button>
      ) : null}
    </ScreenFrame>
  );
}
