import { useMfa, useMfaEnrollment } from '@latch/react';
import { type ReactNode, useState } from 'react';
import { HostMfaPrompt } from './HostMfaPrompt.js';

/**
 * The demo's 'Security' item: the user's MFA methods and the enrolment modal (issue #13); with
 * `hostMfaPrompt` (?noPromptOnMfaRequired=1) also the host's own MFA prompt.
 */
export function SecurityPanel({ hostMfaPrompt = false }: { hostMfaPrompt?: boolean }): ReactNode {
  const { mfaMethods } = useMfa();
  const { showMfaEnrollmentModal } = useMfaEnrollment();
  const [status, setStatus] = useState('');
  return (
    <div className="card" data-testid="security">
      <dl>
        <dt>MFA methods</dt>
        <dd data-testid="user-mfa-methods">{mfaMethods.length ? mfaMethods.join(', ') : 'none'}</dd>
      </dl>
      <div className="actions">
        <button
          type="button"
          onClick={() => {
            setStatus('');
            showMfaEnrollmentModal().then(
              () => setStatus(''),
              (error: unknown) => setStatus(error instanceof Error ? error.message : String(error)),
            );
          }}
        >
          Security
        </button>
      </div>
      {status ? <p data-testid="security-status">{status}</p> : null}
      {hostMfaPrompt ? <HostMfaPrompt /> : null}
    </div>
  );
}
