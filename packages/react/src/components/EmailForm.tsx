import { isValidEmail } from '@latch/core';
import { type ReactNode, useId, useState } from 'react';
import { useFlowState, useLatchContext, useStrings } from '../hooks/index.js';
import { Button } from './Button.js';

/** The email input with Submit (or Enter); disabled while a request runs or the address is invalid (SPEC §5). */
export function EmailForm({ label, autoFocus }: { label?: string; autoFocus?: boolean }): ReactNode {
  const { runner } = useLatchContext();
  const strings = useStrings();
  const flow = useFlowState();
  // login({ prefill: { type: 'email' } }) fills the input (the user may still change it).
  const [email, setEmail] = useState(flow.request?.prefill?.type === 'email' ? flow.request.prefill.value : '');
  const inputId = useId();
  const busy = flow.otp.status === 'sending-code' && flow.otp.channel === 'email';
  const valid = isValidEmail(email);
  return (
    <form
      className="latch-field"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && !busy) runner.dispatch({ type: 'submitEmail', email });
      }}
    >
      <label className="latch-sr-only" htmlFor={inputId}>
        {label ?? strings.emailLabel}
      </label>
      <input
        id={inputId}
        type="email"
        name="email"
        autoComplete="email"
        placeholder={strings.emailPlaceholder}
        value={email}
        // biome-ignore lint/a11y/noAutofocus: the screen exists to take this input; focus follows the dialog.
        autoFocus={autoFocus}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" variant="primary" disabled={!valid || busy} aria-busy={busy}>
        {strings.submit}
      </Button>
    </form>
  );
}
