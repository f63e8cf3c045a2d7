import type { LatchState } from '@latch/core';
import { useSyncExternalStore } from 'react';
import { useLatchContext } from '../LatchContext.js';

/** The client state (status, config, user), bound with useSyncExternalStore. */
export function useClientState(): LatchState {
  const { client } = useLatchContext();
  return useSyncExternalStore(client.subscribe, client.getState, client.getState);
}
