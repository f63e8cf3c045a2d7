import type { HostErrorFallback } from '@latch/core';
import type { ErrorCode, LatchError } from '@latch/protocol';
import { useCallback } from 'react';
import { useLatchContext } from './index.js';

/** Runs a host call; `onError` hears what it rejects with. */
export type HostCall = <T>(
  fallback: HostErrorFallback,
  run: () => Promise<T>,
  onError?: (error: LatchError) => void,
  keep?: readonly ErrorCode[],
) => Promise<T>;

/**
 * A hook's call as SPEC §8 reports it: a failure rejects with its host event code (`fallback` unless the error
 * already is one; the finer code as `reason`), which the provider's `onError` and the hook's `onError` hear.
 */
export function useHostCall(): HostCall {
  const { latch } = useLatchContext();
  return useCallback(
    async (fallback, run, onError, keep) => {
      try {
        return await run();
      } catch (error) {
        const reported = await latch.reportError(error, fallback, keep);
        onError?.(reported);
        throw reported;
      }
    },
    [latch],
  ) as HostCall;
}
