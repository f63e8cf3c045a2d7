import type { LoginCompleteResult, LoginRequest } from '@latch/core';
import type { HostErrorEvent } from '@latch/protocol';
import { useCallback, useRef } from 'react';
import { useLatchContext } from './index.js';

/** What `useLogin` calls back with, for logins started from this hook only. */
export interface UseLoginCallbacks {
  /** The login completed (after consent and wallet creation). */
  onComplete?(result: LoginCompleteResult): void;
  /**
   * The user left the login ('exited_auth_flow'), whatever happened in it (a refused code, signup_disabled, …), or
   * the login failed in a way SPEC §8 reports (unknown_auth_error).
   */
  onError?(error: HostErrorEvent): void;
}

/**
 * Opens the login modal with this call's choices: `loginMethods` (a subset of the app's), `prefill` (the email or
 * phone input) and `disableSignup` (a code login of an unknown user fails with signup_disabled).
 */
export function useLogin(callbacks: UseLoginCallbacks = {}): { login(options?: LoginRequest): void } {
  const { latch } = useLatchContext();
  // The latest callbacks, so a caller's inline functions need no memoising.
  const latest = useRef(callbacks);
  latest.current = callbacks;
  const login = useCallback(
    (options?: LoginRequest) =>
      latch.login(options, {
        onComplete: (result) => latest.current.onComplete?.(result),
        onError: (error) => latest.current.onError?.(error),
      }),
    [latch],
  );
  return { login };
}
