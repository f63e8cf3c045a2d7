import type { MfaEnrollmentOption } from '@latch/core';
import type { MfaMethod } from '@latch/protocol';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useMfaStrings } from '../../hooks/useMfaStrings.js';
import { type MfaShownError, mfaErrorText, mfaMethodName, mfaRemoveLabel } from '../../strings/mfaText.js';
import { MFA_STYLE, type MfaStepProps } from './mfaStepProps.js';

/**
 * MFA enrolment's method choice (SPEC §2): Authenticator App marked 'Recommended', SMS, Passkey (the app's
 * methods only); an enrolled method shows 'Added' and a remove button; SMS shows 'Disabled' when the user
 * logs in by SMS.
 */
export function MfaMethodSelectStep(
  props: MfaStepProps & {
    options: readonly MfaEnrollmentOption[];
    onChoose(method: MfaMethod): void;
    onRemove(method: MfaMethod): void;
    error?: MfaShownError;
    busy?: boolean;
  },
): ReactNode {
  const text = useMfaStrings();
  const message = mfaErrorText(text, props.error, 'enrollment');
  const detail = { totp: text.mfaMethodTotpDetail, sms: text.mfaMethodSmsDetail, passkey: text.mfaMethodPasskeyDetail };
  return (
    <ScreenFrame titleId={props.titleId} title={text.mfaSelectTitle} onBack={props.onBack} onClose={props.onClose}>
      <p className="latch-text">{text.mfaSelectDetail}</p>
      <ul style={{ ...MFA_STYLE.stack, listStyle: 'none', margin: 0, padding: 0 }}>
        {props.options.map((option) => {
          const name = mfaMethodName(text, option.method);
          const label = (
            <span style={MFA_STYLE.rowLabel}>
              <strong>{name}</strong>
              <span style={MFA_STYLE.rowDetail}>
                {option.disabled && option.method === 'sms' ? text.mfaSmsDisabledReason : detail[option.method]}
              </span>
            </span>
          );
          if (!option.added && !option.disabled)
            return (
              <li key={option.method} data-mfa-method={option.method}>
                <Button
                  style={MFA_STYLE.methodButton}
                  disabled={props.busy}
                  onClick={() => props.onChoose(option.method)}
                >
                  {label}
                  {option.recommended ? <span style={MFA_STYLE.tag}>{text.mfaRecommended}</span> : null}
                </Button>
              </li>
            );
          return (
            <li key={option.method} style={MFA_STYLE.row} data-mfa-method={option.method}>
              {label}
              {option.added ? (
                <>
                  <span style={MFA_STYLE.tag}>{text.mfaAdded}</span>
                  <Button
                    variant="link"
                    aria-label={mfaRemoveLabel(text, option.method)}
                    disabled={props.busy}
                    onClick={() => props.onRemove(option.method)}
                  >
                    {text.mfaRemove}
                  </Button>
                </>
              ) : (
                <span style={MFA_STYLE.mutedTag}>{text.mfaDisabled}</span>
              )}
            </li>
          );
        })}
      </ul>
      <p className="latch-status" data-tone={message ? 'error' : undefined} role="status">
        {message}
      </p>
    </ScreenFrame>
  );
}
