import type { MfaPasskey } from '@latch/core';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useMfaStrings } from '../../hooks/useMfaStrings.js';
import { format } from '../../strings/format.js';
import { type MfaShownError, mfaErrorText } from '../../strings/mfaText.js';
import { MFA_STYLE, type MfaStepProps } from './mfaStepProps.js';

/**
 * The passkey path (SPEC §2/§3): the intro, the user's passkeys, 'Enable passkeys' (enrols them); with
 * none yet, create one first. The create option is hidden at the per-user limit (SPEC §5: 5).
 */
export function MfaPasskeyEnrollStep(
  props: MfaStepProps & {
    /** The passkeys listed (SPEC §9: 3, or 2 when there are more than 3), and how many more there are. */
    shown: readonly MfaPasskey[];
    more: number;
    /** SPEC §3: false at 5 passkeys (the add option is hidden). */
    canCreate: boolean;
    onCreate(): void;
    onEnable(): void;
    error?: MfaShownError;
    busy?: boolean;
  },
): ReactNode {
  const text = useMfaStrings();
  const { shown, more } = props;
  const message = mfaErrorText(text, props.error, 'enrollment');
  return (
    <ScreenFrame titleId={props.titleId} title={text.mfaPasskeyTitle} onBack={props.onBack} onClose={props.onClose}>
      <p className="latch-text">{text.mfaPasskeyIntro}</p>
      {shown.length > 0 ? (
        <section aria-label={text.mfaPasskeyListTitle} style={MFA_STYLE.stack}>
          <strong>{text.mfaPasskeyListTitle}</strong>
          <ul style={{ ...MFA_STYLE.stack, listStyle: 'none', margin: 0, padding: 0 }}>
            {shown.map((passkey) => (
              <li key={passkey.credentialId} style={MFA_STYLE.row}>
                {passkey.displayName}
              </li>
            ))}
          </ul>
          {more > 0 ? <p className="latch-text">{format(text.mfaPasskeyMore, { count: more })}</p> : null}
          <Button variant="primary" disabled={props.busy} aria-busy={props.busy} onClick={props.onEnable}>
            {text.mfaPasskeyEnable}
          </Button>
        </section>
      ) : (
        <p className="latch-text">{text.mfaPasskeyNone}</p>
      )}
      {props.canCreate ? (
        <Button variant={shown.length === 0 ? 'primary' : 'secondary'} disabled={props.busy} onClick={props.onCreate}>
          {text.mfaPasskeyCreate}
        </Button>
      ) : null}
      <p className="latch-status" data-tone={message ? 'error' : undefined} role="status">
        {message}
      </p>
    </ScreenFrame>
  );
}
