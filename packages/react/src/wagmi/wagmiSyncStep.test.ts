import { describe, expect, it } from 'vitest';
import { type LatchSide, type WagmiSide, wagmiSyncStep } from './wagmiSyncStep.js';

const A = '0x00000000000000000000000000000000000000aA';
const B = '0x00000000000000000000000000000000000000bB';
const signedIn = (target: `0x${string}` = A): LatchSide => ({ ready: true, target });
const signedOut: LatchSide = { ready: true, target: null };
const disconnected: WagmiSide = { status: 'disconnected', latchAddress: null };
const connectedTo = (address: `0x${string}`): WagmiSide => ({ status: 'connected', latchAddress: address });

describe('wagmiSyncStep', () => {
  it('waits while Latch restores the session and while wagmi is (re)connecting', () => {
    expect(wagmiSyncStep({ ready: false, target: null }, connectedTo(A), A)).toEqual({ type: 'wait' });
    expect(wagmiSyncStep(signedIn(), { status: 'reconnecting', latchAddress: null }, null)).toEqual({ type: 'wait' });
    expect(wagmiSyncStep(signedIn(), { status: 'connecting', latchAddress: null }, null)).toEqual({ type: 'wait' });
  });

  it('connects the wallet after login', () => {
    expect(wagmiSyncStep(signedIn(), disconnected, null)).toEqual({ type: 'connect', address: A, synced: A });
  });

  it('connects again after a page load (nothing synced yet), with no call by the host', () => {
    // A reload: Latch restored the session, wagmi's own reconnect found nothing.
    expect(wagmiSyncStep(signedIn(), disconnected, null)).toMatchObject({ type: 'connect', address: A });
  });

  it("adopts wagmi's own reconnection to the same wallet instead of connecting twice", () => {
    expect(wagmiSyncStep(signedIn(), connectedTo(A), null)).toEqual({ type: 'none', synced: A });
    // Addresses compare without their checksum case.
    expect(wagmiSyncStep(signedIn(), connectedTo(A.toLowerCase() as `0x${string}`), null)).toEqual({
      type: 'none',
      synced: A,
    });
  });

  it('switches when the active wallet changes (setActiveWallet, another account)', () => {
    expect(wagmiSyncStep(signedIn(B), connectedTo(A), A)).toEqual({ type: 'switch', address: B, synced: B });
  });

  it('disconnects on logout, and does nothing when wagmi is already disconnected', () => {
    expect(wagmiSyncStep(signedOut, connectedTo(A), A)).toEqual({ type: 'disconnect', synced: null });
    expect(wagmiSyncStep(signedOut, disconnected, A)).toEqual({ type: 'none', synced: null });
    expect(wagmiSyncStep(signedOut, disconnected, null)).toEqual({ type: 'none', synced: null });
  });

  it("leaves a host's own wagmi calls alone until Latch's side changes", () => {
    // The host called wagmi's disconnect while the user stays signed in: not undone.
    expect(wagmiSyncStep(signedIn(), disconnected, A)).toEqual({ type: 'none', synced: A });
    // The host connected another connector (latchAddress null) while signed out: not disconnected.
    expect(wagmiSyncStep(signedOut, { status: 'connected', latchAddress: null }, null)).toEqual({
      type: 'none',
      synced: null,
    });
  });

  it('takes over from another connector at login', () => {
    expect(wagmiSyncStep(signedIn(), { status: 'connected', latchAddress: null }, null)).toEqual({
      type: 'connect',
      address: A,
      synced: A,
    });
  });
});
