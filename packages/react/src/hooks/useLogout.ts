import { useCallback, useRef } from 'react';
import { useLatchContext } from './index.js';

/** Logs out (the server's session, and always this page's) and then calls `onSuccess`. */
export function useLogout(callbacks: { onSuccess?(): void } = {}): { logout(): Promise<void> } {
  const { latch } = useLatchContext();
  const latest = useRef(callbacks);
  latest.current = callbacks;
  const logout = useCallback(async () => {
    await latch.logout();
    latest.current.onSuccess?.();
  }, [latch]);
  return { logout };
}
