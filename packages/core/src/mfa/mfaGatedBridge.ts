import type { MfaAction } from '@latch/protocol';
import type { EmbeddedWalletBridge } from '../embeddedWallet/embeddedWalletBridge.js';

/** Runs `run` behind the MFA gate of `action` (verify first when required, verify and retry once when refused). */
export type WithMfa = <T>(action: MfaAction, run: () => Promise<T>) => Promise<T>;

/**
 * The bridge every wallet action goes through, with the MFA gate in front of the frame calls an MFA
 * verification protects: recovery (`recover`), the password (`setRecoveryPassword`), signing (`rpc`:
 * eth_signTransaction is `send`, the rest `sign`). One wrapper for the controller, the wallet flows, the
 * sign request and the send screen. The frame and the server enforce; this only asks the user in time.
 */
export function mfaGatedBridge(bridge: EmbeddedWalletBridge, withMfa: WithMfa): EmbeddedWalletBridge {
  return {
    ...bridge,
    recover: (data) => withMfa('recovery', () => bridge.recover(data)),
    setRecoveryPassword: (data) => withMfa('set_password', () => bridge.setRecoveryPassword(data)),
    rpc: (data) => withMfa(data.request.method === 'eth_signTransaction' ? 'send' : 'sign', () => bridge.rpc(data)),
    // Spread copies the methods but not `this`; the real bridges do not use it, and destroy stays the original.
    destroy: () => bridge.destroy(),
  };
}
