import { lazy, type ReactNode, Suspense } from 'react';
import { useEmbeddedWalletState } from '../hooks/index.js';

// The MFA dialogs, their screens and texts load only once MFA is first needed (the initial JS budget).
const MfaDialogsBody = lazy(() => import('./MfaDialogsBody.js').then((m) => ({ default: m.MfaDialogsBody })));

/**
 * Mounts the MFA dialogs while core's MFA runtime shows one: the 'Verify your identity' prompt (opened for
 * each MFA request unless the host set `mfa.noPromptOnMfaRequired`), MFA_ENROLLMENT_FLOW_SCREEN, and the
 * step-up screen (which that runtime hosts).
 */
export function MfaDialogs(): ReactNode {
  const mfa = useEmbeddedWalletState().mfa;
  if (!mfa?.prompt && !mfa?.enrollment && !mfa?.stepUp) return null;
  return (
    <Suspense fallback={null}>
      <MfaDialogsBody />
    </Suspense>
  );
}
