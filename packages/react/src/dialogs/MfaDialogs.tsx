import { useEmbeddedWalletState } from '../hooks/index.js';
import { lazyDialog } from './lazyDialog.js';

/**
 * Mounts the MFA dialogs while core's MFA runtime shows one: the 'Verify your identity' prompt (opened for
 * each MFA request unless the host set `mfa.noPromptOnMfaRequired`), MFA_ENROLLMENT_FLOW_SCREEN, and the
 * step-up screen (which that runtime hosts). Their screens and texts load only once MFA is first needed.
 */
export const MfaDialogs = lazyDialog(
  () => import('./MfaDialogsBody.js').then((m) => m.MfaDialogsBody),
  () => {
    const mfa = useEmbeddedWalletState().mfa;
    return !!(mfa?.prompt || mfa?.enrollment || mfa?.stepUp);
  },
);
