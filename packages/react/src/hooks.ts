import type { AuthFlowState, LatchState } from '@latch/core';
import { useSyncExternalStore } from 'react';
import { useLatchContext } from './LatchContext.js';
import type { Strings } from './strings/en.js';

/** The client state (status, config, user), bound with useSyncExternalStore. */
export function useClientState(): LatchState {
  const { client } = useLatchContext();
  return useSyncExternalStore(client.subscribe, client.getState, client.getState);
}

/** The modal flow state. */
export function useFlowState(): AuthFlowState {
  const { runner } = useLatchContext();
  return useSyncExternalStore(runner.subscribe, runner.getState, runner.getState);
}

/** The widget's texts, with the host's overrides. */
export function useStrings(): Strings {
  return useLatchContext().strings;
}
