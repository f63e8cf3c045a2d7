import { mfaCodeProblem } from '@latch/protocol/schemas';
import { type ReactNode, useId, useState } from 'react';
import type { MfaStrings } from '../strings/mfaStrings.js';
import { Button } from './Button.js';

/**
 * An MFA code field with Verify (SPEC §5): one text field rather than six boxes, so that a pasted or typed
 * code of the wrong shape is shown SPEC's message ('Passcode can only be numbers', 'Passcode must be
 * exactly 6 numbers') instead of being silently cut. A good code is submitted trimmed; `errorText` is the
 * flow's error (a wrong code, a lock), and `blocked` disables the field (SPEC §3: blocking errors).
 */
export function MfaCodeForm(props: {
  text: Pick<MfaStrings, 'mfaCodeLabel' | 'mfaVerify' | 'mfaCodeNotNumeric' | 'mfaCodeWrongLength'>;
  onSubmit(code: string): void;
  errorText?: string | null;
  busy?: boolean;
  blocked?: boolean;
}): ReactNode {
  const { text } = props;
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const message = problem ?? props.errorText ?? '';
  const disabled = Boolean(props.busy || props.blocked);
  return (
    <>
      <form
        className="latch-field"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (disabled) return;
          const found = mfaCodeProblem(code);
          const shown =
            found === 'Passcode can only be numbers'
              ? text.mfaCodeNotNumeric
              : found === 'Passcode must be exactly 6 numbers'
                ? text.mfaCodeWrongLength
                : null;
          setProblem(shown);
          if (!shown) props.onSubmit(code.trim());
        }}
      >
        <label className="latch-sr-only" htmlFor={id}>
          {text.mfaCodeLabel}
        </label>
        <input
          id={id}
          name="mfa-code"
          value={code}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="000000"
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-status`}
          disabled={props.blocked}
          // biome-ignore lint/a11y/noAutofocus: the step exists to take the code.
          autoFocus
          onChange={(event) => {
            setCode(event.target.value);
            setProblem(null);
          }}
        />
        <Button type="submit" variant="primary" disabled={disabled || code.trim() === ''} aria-busy={props.busy}>
          {text.mfaVerify}
        </Button>
      </form>
      <p id={`${id}-status`} className="latch-status" data-tone={message ? 'error' : undefined} role="status">
        {message}
      </p>
    </>
  );
}
