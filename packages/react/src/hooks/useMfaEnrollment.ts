import { useCallback } from 'react';
import { useEmbeddedWalletRuntime } from './index.js';

/** Opens MFA_ENROLLMENT_FLOW_SCREEN: `showMfaEnrollmentModal()` resolves when the user closes it. */
export function useMfaEnrollment(): { showMfaEnrollmentModal(): Promise<void> } {
  const runtime = useEmbeddedWalletRuntime();
  const showMfaEnrollmentModal = useCallback(() => runtime.loadMfa().then((mfa) => mfa.openEnrollment()), [runtime]);
  return { showMfaEnrollmentModal };
}
