/**
 * Runs `work` while holding the cross-tab refresh lock of an app (Web Locks API), so two tabs never
 * spend the same rotated refresh token. Without Web Locks (old browsers, SSR, tests) it just runs `work`;
 * in-process single-flight is the session's job.
 */
export async function withRefreshLock<T>(appId: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks?.request) return work();
  return locks.request(`latch:refresh:${appId}`, { mode: 'exclusive' }, work) as Promise<T>;
}
