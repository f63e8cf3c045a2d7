import type { ReactNode } from 'react';
import { Button } from '../../../components/Button.js';
import { useWalletFlowStrings } from '../../../hooks/useWalletFlowStrings.js';
import { messageText } from '../../../strings/messageText.js';
import type { WalletFlowScreenProps } from '../walletFlowProps.js';
import { PasswordField } from './PasswordField.js';
import { StrengthMeter } from './StrengthMeter.js';

// Inline (CSSOM) styles: allowed under a strict host style-src, unlike new stylesheet rules.
const SHOWN_PASSWORD = {
  margin: 0,
  padding: '12px 14px',
  borderRadius: 10,
  background: 'var(--latch-surface)',
  fontFamily: 'ui-monospace, monospace',
  fontSize: 16,
  overflowWrap: 'anywhere',
  textAlign: 'center',
} as const;

/** A step's form: submitting it (Enter, or its Continue button) sends `continue`. */
function ContinueForm({
  dispatch,
  children,
}: {
  dispatch: WalletFlowScreenProps['dispatch'];
  children: ReactNode;
}): ReactNode {
  return (
    <form
      noValidate
      style={{ display: 'flex', flexDirection: 'column', gap: 10 }}
      onSubmit={(event) => {
        event.preventDefault();
        dispatch({ type: 'continue' });
      }}
    >
      {children}
    </form>
  );
}

/** Creating: the password with show/hide, Generate, the strength meter and SPEC §5's messages. */
export function CreateStep({ state, flow, dispatch }: WalletFlowScreenProps): ReactNode {
  const text = useWalletFlowStrings();
  const p = state.password;
  return (
    <ContinueForm dispatch={dispatch}>
      <p className="latch-text">{text.createDescription}</p>
      <PasswordField
        label={text.passwordLabel}
        value={p.password}
        revealed={p.revealed}
        error={messageText(text, flow.createStepError(p)) || null}
        autoComplete="new-password"
        autoFocus
        onChange={(password) => dispatch({ type: 'passwordChanged', password })}
        onToggleReveal={() => dispatch({ type: 'toggleReveal' })}
      />
      <StrengthMeter strength={p.strength} />
      <Button variant="link" style={{ alignSelf: 'center' }} onClick={() => dispatch({ type: 'generate' })}>
        {text.generate}
      </Button>
      <Button type="submit" variant="primary" disabled={!flow.canAdvance(p)}>
        {text.continue}
      </Button>
    </ContinueForm>
  );
}

/** Saving: the password shown, Copy (then 'Copied' for 1.5 s) and Download. */
export function SaveStep({ state, flow, dispatch }: WalletFlowScreenProps): ReactNode {
  const text = useWalletFlowStrings();
  const p = state.password;
  return (
    <>
      <p className="latch-text">{text.saveDescription}</p>
      <p style={SHOWN_PASSWORD} data-testid="latch-saved-password">
        {p.password}
      </p>
      <div className="latch-actions">
        <Button onClick={() => dispatch({ type: 'copy' })}>{p.copied ? text.copied : text.copy}</Button>
        <Button onClick={() => dispatch({ type: 'download' })}>{text.download}</Button>
      </div>
      <p className="latch-sr-only" role="status">
        {p.copied ? text.copied : ''}
      </p>
      <Button variant="primary" disabled={!flow.canAdvance(p)} onClick={() => dispatch({ type: 'continue' })}>
        {text.continue}
      </Button>
    </>
  );
}

/** Confirming: the password again; 'Passwords do not match' once touched; Continue when equal. */
export function ConfirmStep({ state, flow, dispatch }: WalletFlowScreenProps): ReactNode {
  const text = useWalletFlowStrings();
  const p = state.password;
  return (
    <ContinueForm dispatch={dispatch}>
      <PasswordField
        label={text.confirmLabel}
        value={p.confirmation}
        revealed={p.revealed}
        error={messageText(text, flow.confirmStepError(p)) || null}
        autoComplete="new-password"
        autoFocus
        onChange={(confirmation) => dispatch({ type: 'confirmationChanged', confirmation })}
        onToggleReveal={() => dispatch({ type: 'toggleReveal' })}
        onBlur={() => dispatch({ type: 'confirmationBlurred' })}
      />
      <Button type="submit" variant="primary" disabled={!flow.canAdvance(p)}>
        {text.continue}
      </Button>
    </ContinueForm>
  );
}

/** Finalizing: the acknowledgement, 'Set Password' once ticked, Cancel when the user started the flow. */
export function FinalizeStep({ state, flow, dispatch, onClose }: WalletFlowScreenProps): ReactNode {
  const text = useWalletFlowStrings();
  const p = state.password;
  return (
    <>
      <label
        style={{
          display: 'flex',
          gap: 10,
          alignItems: 'flex-start',
          padding: 12,
          borderRadius: 10,
          background: 'var(--latch-surface)',
          fontSize: 14,
          cursor: 'pointer',
        }}
      >
        <input
          type="checkbox"
          checked={p.acknowledged}
          disabled={p.submitting}
          style={{ marginTop: 3, width: 18, height: 18, accentColor: 'var(--latch-accent)' }}
          onChange={(event) => dispatch({ type: 'acknowledge', checked: event.target.checked })}
        />
        <span>{text.acknowledgement}</span>
      </label>
      <Button
        variant="primary"
        disabled={!flow.canAdvance(p)}
        aria-busy={p.submitting}
        onClick={() => dispatch({ type: 'submit' })}
      >
        {p.submitting ? (
          <span className="latch-spinner" style={{ width: 20, height: 20, margin: 0, borderWidth: 3 }} />
        ) : null}
        {text.setPassword}
      </Button>
      {state.userInitiated && onClose ? (
        <Button disabled={p.submitting} onClick={onClose}>
          {text.cancel}
        </Button>
      ) : null}
    </>
  );
}

/** Done: success, or 'Something went wrong' with the error and Try again. */
export function DoneStep({ state, dispatch, onClose }: WalletFlowScreenProps): ReactNode {
  const text = useWalletFlowStrings();
  const result = state.password.result;
  if (result?.ok) {
    return (
      <>
        <p className="latch-text">{text.successDescription}</p>
        {onClose && state.userInitiated ? (
          <Button variant="primary" onClick={onClose}>
            {text.close}
          </Button>
        ) : null}
      </>
    );
  }
  return (
    <>
      <p className="latch-status" data-tone="error" role="alert">
        {messageText(text, result?.error)}
      </p>
      <Button variant="primary" onClick={() => dispatch({ type: 'retry' })}>
        {text.tryAgain}
      </Button>
    </>
  );
}
