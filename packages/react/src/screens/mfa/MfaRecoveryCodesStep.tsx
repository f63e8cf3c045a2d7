import { type ReactNode, useState } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useMfaStrings } from '../../hooks/useMfaStrings.js';
import { MFA_STYLE, type MfaStepProps } from './mfaStepProps.js';

/** The codes as one text: a line each (what Copy puts on the clipboard and Download saves). */
const asText = (codes: readonly string[]) => `${codes.join('\n')}\n`;

/** Saves `text` as a file through a temporary object URL (no server round trip, no inline script). */
function download(text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * 'Save your recovery codes' (MFA-06): after the first enrolment, the codes the server generated, shown
 * this once, with Copy and Download; Continue leaves them behind (the flow forgets them).
 */
export function MfaRecoveryCodesStep(
  props: MfaStepProps & { codes: readonly string[]; onContinue(): void },
): ReactNode {
  const text = useMfaStrings();
  const [copied, setCopied] = useState(false);
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  return (
    <ScreenFrame titleId={props.titleId} title={text.mfaRecoveryCodesTitle} onClose={props.onClose}>
      <p className="latch-text">{text.mfaRecoveryCodesDetail}</p>
      <ul
        aria-label={text.mfaRecoveryCodesTitle}
        style={{ ...MFA_STYLE.row, display: 'grid', gridTemplateColumns: '1fr 1fr', listStyle: 'none', margin: 0 }}
      >
        {props.codes.map((code) => (
          <li key={code} style={{ fontFamily: 'monospace' }}>
            {code}
          </li>
        ))}
      </ul>
      <div style={{ display: 'flex', gap: 10 }}>
        {clipboard ? (
          <Button
            onClick={() =>
              clipboard.writeText(asText(props.codes)).then(
                () => setCopied(true),
                () => undefined,
              )
            }
          >
            {copied ? text.mfaRecoveryCodesCopied : text.mfaRecoveryCodesCopy}
          </Button>
        ) : null}
        <Button onClick={() => download(asText(props.codes))}>{text.mfaRecoveryCodesDownload}</Button>
      </div>
      <Button variant="primary" onClick={props.onContinue}>
        {text.mfaContinue}
      </Button>
    </ScreenFrame>
  );
}
