import type { MfaRequest } from '@latch/core';
import type { MfaMethod, WirePasskeyAssertion } from '@latch/protocol';
import { useCallback, useMemo } from 'react';
import { useClientState, useEmbeddedWalletRuntime, useEmbeddedWalletState } from './index.js';

/** What useMfa() gives a host that renders its own MFA prompt (`mfa.noPromptOnMfaRequired`). */
export interface UseMfa {
  /** The user's enrolled methods (SPEC §3 `mfaMethods`). */
  mfaMethods: MfaMethod[];
  /** The wallet action waiting for a verification, or null. */
  pendingRequest: MfaRequest | null;
  /** SMS: sends a code to the enrolled phone. Passkey: runs the passkey dialog and returns its assertion. */
  init(method: MfaMethod): Promise<WirePasskeyAssertion | undefined>;
  /** Verifies the pending request with a code (sms, totp) or an assertion (passkey); rejects on a wrong one. */
  submit(method: MfaMethod, codeOrAssertion?: string | WirePasskeyAssertion): Promise<void>;
  /** The pending action fails with 'MFA canceled'. */
  cancel(): void;
}

/**
 * MFA for hosts that render their own prompt: the pending request and the calls that answer it. The
 * enforcement is the same as with the widget's prompt (the frame and the server refuse without it).
 */
export function useMfa(): UseMfa {
  const runtime = useEmbeddedWalletRuntime();
  const { user } = useClientState();
  const pendingRequest = useEmbeddedWalletState().mfa?.request ?? null;
  const init = useCallback((method: MfaMethod) => runtime.loadMfa().then((mfa) => mfa.init(method)), [runtime]);
  const submit = useCallback(
    (method: MfaMethod, proof?: string | WirePasskeyAssertion) =>
      runtime.loadMfa().then((mfa) => mfa.submit(method, proof)),
    [runtime],
  );
  const cancel = useCallback(() => void runtime.loadMfa().then((mfa) => mfa.cancel()), [runtime]);
  const mfaMethods = useMemo(() => user?.mfaMethods ?? [], [user]);
  return { mfaMethods, pendingRequest, init, submit, cancel };
}
