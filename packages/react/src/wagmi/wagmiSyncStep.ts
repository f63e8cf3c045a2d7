/** What the sync reads of Latch: whether the session is known yet, and the wallet wagmi should use. */
export interface LatchSide {
  /** False while Latch restores the session (a page load): wagmi is left alone until it knows. */
  ready: boolean;
  /** The active wallet's address, or null (signed out, or no wallet). */
  target: `0x${string}` | null;
}

/** What the sync reads of wagmi. */
export interface WagmiSide {
  status: 'connected' | 'connecting' | 'reconnecting' | 'disconnected';
  /** The connected address when the current connection is the Latch connector's, else null. */
  latchAddress: `0x${string}` | null;
}

/** What the sync does next; `synced` is the target it last acted on (null before any). */
export type WagmiSyncStep =
  | { type: 'wait' }
  | { type: 'none'; synced: `0x${string}` | null }
  | { type: 'connect'; address: `0x${string}`; synced: `0x${string}` }
  | { type: 'switch'; address: `0x${string}`; synced: `0x${string}` }
  | { type: 'disconnect'; synced: null };

const same = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/**
 * The next step that keeps wagmi on Latch's active wallet. It acts only when Latch's target changes
 * (login, logout, another active wallet, a page load), so a host's own wagmi calls in between are not undone.
 */
export function wagmiSyncStep(latch: LatchSide, wagmi: WagmiSide, synced: `0x${string}` | null): WagmiSyncStep {
  if (!latch.ready || wagmi.status === 'connecting' || wagmi.status === 'reconnecting') return { type: 'wait' };
  const { target } = latch;
  // A page load starts with nothing synced: a signed-in user's wallet is then connected without a call.
  if (same(target, synced) && synced !== null) return { type: 'none', synced };
  if (target === null)
    return wagmi.latchAddress ? { type: 'disconnect', synced: null } : { type: 'none', synced: null };
  // wagmi reconnected by itself (its storage said the Latch connector was connected): adopt that.
  if (wagmi.status === 'connected' && same(wagmi.latchAddress, target)) return { type: 'none', synced: target };
  if (wagmi.latchAddress) return { type: 'switch', address: target, synced: target };
  return { type: 'connect', address: target, synced: target };
}
