import type { AuthFlowState } from '@latch/core';
import { useSyncExternalStore } from 'react';
import { useLatchContext } from '../LatchContext.js';

/** The login / link flow's state (`latch.auth`), bound with useSyncExternalStore. */
export function useFlowState(): AuthFlowState {
  const { runner } = useLatchContext();
  return useSyncExternalStore(runner.subscribe, runner.getState, runner.getState);
}
