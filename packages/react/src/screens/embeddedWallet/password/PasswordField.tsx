import { type ReactNode, useId } from 'react';
import { useWalletFlowStrings } from '../../../hooks/useWalletFlowStrings.js';

/** A password input with a visible label, show/hide, and its validation message tied by aria-describedby. */
export function PasswordField(props: {
  label: string;
  value: string;
  revealed: boolean;
  error?: string | null;
  autoFocus?: boolean;
  autoComplete: 'new-password' | 'current-password';
  disabled?: boolean;
  onChange(value: string): void;
  onToggleReveal?: () => void;
  onBlur?: () => void;
}): ReactNode {
  const text = useWalletFlowStrings();
  const id = useId();
  const errorId = useId();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      <label htmlFor={id} style={{ fontSize: 14, fontWeight: 500 }}>
        {props.label}
      </label>
      <div className="latch-field">
        <input
          id={id}
          type={props.revealed ? 'text' : 'password'}
          value={props.value}
          autoComplete={props.autoComplete}
          spellCheck={false}
          autoCapitalize="off"
          // biome-ignore lint/a11y/noAutofocus: the step exists to take this input; focus follows the dialog.
          autoFocus={props.autoFocus}
          disabled={props.disabled}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          style={{ minHeight: 38, fontFamily: props.revealed ? 'ui-monospace, monospace' : undefined }}
          onChange={(event) => props.onChange(event.target.value)}
          onBlur={props.onBlur}
        />
        {props.onToggleReveal ? (
          <button
            type="button"
            className="latch-button"
            aria-label={props.revealed ? text.hidePassword : text.showPassword}
            aria-pressed={props.revealed}
            onClick={props.onToggleReveal}
          >
            {props.revealed ? text.hide : text.show}
          </button>
        ) : null}
      </div>
      <p id={errorId} className="latch-status" data-tone="error" role="alert" style={{ textAlign: 'left' }}>
        {props.error ?? ''}
      </p>
    </div>
  );
}
