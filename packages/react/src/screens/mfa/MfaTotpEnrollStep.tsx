import type { ReactNode } from 'react';
import { MfaCodeForm } from '../../components/MfaCodeForm.js';
import { QrCode } from '../../components/QrCode.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useMfaStrings } from '../../hooks/useMfaStrings.js';
import { isBlockingMfaError, type MfaShownError, mfaErrorText } from '../../strings/mfaText.js';
import { MFA_STYLE, type MfaStepProps } from './mfaStepProps.js';

/**
 * The authenticator-app path (SPEC §2): the otpauth QR code (SPEC §9: error correction high, 160 px) and
 * the secret for manual entry, then the app's current code. A spinner stands in until the secret arrives.
 */
export function MfaTotpEnrollStep(
  props: MfaStepProps & {
    /** The otpauth:// URL and base32 secret; null while the frame creates them. */
    enrollment: { authUrl: string; secret: string } | null;
    code: string;
    onCodeChange(code: string): void;
    onSubmit(): void;
    /** The flow's code problem (SPEC §5) or error (SPEC §8), as a code. */
    error?: MfaShownError;
    busy?: boolean;
  },
): ReactNode {
  const text = useMfaStrings();
  const { enrollment } = props;
  return (
    <ScreenFrame titleId={props.titleId} title={text.mfaTotpTitle} onBack={props.onBack} onClose={props.onClose}>
      {enrollment ? (
        <>
          <p className="latch-text">{text.mfaTotpScan}</p>
          <div data-latch-totp-qr="">
            <QrCode value={enrollment.authUrl} label={text.mfaTotpQrLabel} />
          </div>
          <p className="latch-sr-only">{text.mfaTotpSecretLabel}</p>
          <p style={MFA_STYLE.secret} data-latch-totp-secret="">
            {enrollment.secret}
          </p>
          <p className="latch-text">{text.mfaTotpEnterCode}</p>
          <MfaCodeForm
            text={text}
            code={props.code}
            onCodeChange={props.onCodeChange}
            onSubmit={props.onSubmit}
            busy={props.busy}
            blocked={isBlockingMfaError(props.error)}
            message={mfaErrorText(text, props.error, 'enrollment')}
          />
        </>
      ) : (
        <>
          <div className="latch-spinner" role="progressbar" aria-label={text.loading} />
          <p className="latch-status" data-tone={props.error ? 'error' : undefined} role="status">
            {mfaErrorText(text, props.error, 'enrollment')}
          </p>
        </>
      )}
    </ScreenFrame>
  );
}
