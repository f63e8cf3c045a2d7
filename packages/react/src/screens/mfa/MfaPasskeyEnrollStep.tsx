import { DISPLAY, LIMIT } from '@latch/protocol';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useMfaStrings } from '../../hooks/useMfaStrings.js';
import { format } from '../../strings/en.js';
import { mfaErrorText } from '../../strings/mfaText.js';
import { MFA_STYLE, type MfaStepProps } from './mfaStepProps.js';

/** A linked passkey as the enrolment lists it (SPEC §3 display name). */
export interface MfaPasskeyItem {
  credentialId: string;
  name: string;
}

/** SPEC §9 "Display": enrolment lists this many passkeys when they all fit. */
const ENROLLMENT_PASSKEYS_SHOWN = 3;

/** SPEC §9: enrolment shows 3 passkeys, or 2 (and a count of the rest) when there are more than 3. */
export function shownPasskeys<T>(passkeys: readonly T[]): { shown: readonly T[]; more: number } {
  const limit = passkeys.length > ENROLLMENT_PASSKEYS_SHOWN ? DISPLAY.passkeysCollapsed : ENROLLMENT_PASSKEYS_SHOWN;
  return { shown: passkeys.slice(0, limit), more: Math.max(0, passkeys.length - limit) };
}

/**
 * The passkey path (SPEC §2/§3): the intro, the user's passkeys, 'Enable passkeys' (enrols them); with
 * none yet, create one first. The create option is hidden at the per-user limit (SPEC §5: 5).
 */
export function MfaPasskeyEnrollStep(
  props: MfaStepProps & {
    passkeys: readonly MfaPasskeyItem[];
    onCreate(): void;
    onEnable(): void;
    error?: string | null;
    busy?: boolean;
  },
): ReactNode {
  const text = useMfaStrings();
  const { shown, more } = shownPasskeys(props.passkeys);
  const message = mfaErrorText(text, props.error, 'enrollment');
  const canCreate = props.passkeys.length < LIMIT.passkeysPerUser;
  return (
    <ScreenFrame titleId={props.titleId} title={text.mfaPasskeyTitle} onBack={props.onBack} onClose={props.onClose}>
      <p className="latch-text">{text.mfaPasskeyIntro}</p>
      {props.passkeys.length > 0 ? (
        <section aria-label={text.mfaPasskeyListTitle} style={MFA_STYLE.stack}>
          <strong>{text.mfaPasskeyListTitle}</strong>
          <ul style={{ ...MFA_STYLE.stack, listStyle: 'none', margin: 0, padding: 0 }}>
            {shown.map((passkey) => (
              <li key={passkey.credentialId} style={MFA_STYLE.row}>
                {passkey.name}
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
      {canCreate ? (
        <Button
          variant={props.passkeys.length === 0 ? 'primary' : 'secondary'}
          disabled={props.busy}
          onClick={props.onCreate}
        >
          {text.mfaPasskeyCreate}
        </Button>
      ) : null}
      <p className="latch-status" data-tone={message ? 'error' : undefined} role="status">
        {message}
      </p>
    </ScreenFrame>
  );
}
