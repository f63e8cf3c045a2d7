import { type ReactNode, useId } from 'react';
import type { MfaStrings } from '../strings/mfaStrings.js';
import { Button } from './Button.js';

/**
 * An MFA code field with Verify (SPEC §5). One text field rather than six digit boxes, so that a code of
 * the wrong shape (7 digits, letters) stays visible with SPEC's message ('Passcode can only be numbers',
 * 'Passcode must be exactly 6 numbers') instead of being silently cut. The flow holds the code and
 * checks it (core's MFA flows, protocol `mfaCodeProblem`); `message` is the text of its error, and
 * `blocked` disables the field (SPEC §3: max attempts or an expired code).
 */
export function MfaCodeForm(props: {
  text: Pick<MfaStrings, 'mfaCodeLabel' | 'mfaVerify'>;
  code: string;
  onCodeChange(code: string): void;
  onSubmit(): void;
  message?: string;
  busy?: boolean;
  blocked?: boolean;
  /** A recovery code (MFA-06): letters and digits, not a 6-digit one-time code. */
  recovery?: boolean;
}): ReactNode {
  const { text, message = '' } = props;
  const id = useId();
  const disabled = Boolean(props.busy || props.blocked);
  return (
    <>
      <form
        className="latch-field"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!disabled) props.onSubmit();
        }}
      >
        <label className="latch-sr-only" htmlFor={id}>
          {text.mfaCodeLabel}
        </label>
        <input
          id={id}
          name="mfa-code"
          value={props.code}
          inputMode={props.recovery ? 'text' : 'numeric'}
          autoComplete={props.recovery ? 'off' : 'one-time-code'}
          autoCapitalize={props.recovery ? 'none' : undefined}
          spellCheck={props.recovery ? false : undefined}
          placeholder={props.recovery ? 'xxxx-xxxx-xxxx-xxxx' : '000000'}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-status`}
          disabled={props.blocked}
          readOnly={props.busy}
          // biome-ignore lint/a11y/noAutofocus: the step exists to take the code.
          autoFocus
          onChange={(event) => props.onCodeChange(event.target.value)}
        />
        <Button type="submit" variant="primary" disabled={disabled || props.code.trim() === ''} aria-busy={props.busy}>
          {text.mfaVerify}
        </Button>
      </form>
      <p id={`${id}-status`} className="latch-status" data-tone={message ? 'error' : undefined} role="status">
        {message}
      </p>
    </>
  );
}
