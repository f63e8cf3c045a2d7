import { useMfa } from '@latch/react';
import { type ReactNode, useState } from 'react';

/**
 * The host's own MFA prompt (`mfa.noPromptOnMfaRequired`, ?noPromptOnMfaRequired=1): what a host renders
 * instead of the widget's 'Verify your identity', answering the pending request through useMfa().
 */
export function HostMfaPrompt(): ReactNode {
  const { mfaMethods, pendingRequest, init, submit, cancel } = useMfa();
  const [code, setCode] = useState('');
  const [status, setStatus] = useState('');
  if (!pendingRequest) return null;
  const method = mfaMethods.includes('totp') ? 'totp' : mfaMethods[0];
  if (!method) return null;
  return (
    <form
      className="card"
      data-testid="host-mfa-prompt"
      onSubmit={(event) => {
        event.preventDefault();
        setStatus('');
        submit(method, method === 'passkey' ? undefined : code).then(
          () => setCode(''),
          (error: unknown) => setStatus(error instanceof Error ? error.message : String(error)),
        );
      }}
    >
      <p>
        The host's own MFA prompt for <strong data-testid="host-mfa-action">{pendingRequest.action}</strong> ({method})
      </p>
      {method === 'passkey' ? null : (
        <label>
          Host MFA code <input value={code} onChange={(event) => setCode(event.target.value)} />
        </label>
      )}
      <div className="actions">
        {method === 'sms' ? (
          <button type="button" onClick={() => void init('sms')}>
            Send host code
          </button>
        ) : null}
        <button type="submit">Host verify</button>
        <button type="button" onClick={cancel}>
          Host cancel
        </button>
      </div>
      {status ? <p data-testid="host-mfa-status">{status}</p> : null}
    </form>
  );
}
