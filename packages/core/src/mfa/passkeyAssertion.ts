// Loaded with the first passkey MFA verification: @simplewebauthn/browser stays out of the page's
// initial JavaScript (DESIGN §1 bundle budget).
import { LatchError, type WirePasskeyAssertion, type WirePasskeyRequestOptions } from '@latch/protocol';
import { fromWirePasskeyJson, toWirePasskeyJson } from '@latch/protocol/mfa';
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';

// The browser's names for a dialog the user dismissed or that timed out (SPEC §8 passkey_not_allowed).
const DISMISSED = new Set(['NotAllowedError', 'AbortError']);

/** Runs the WebAuthn assertion in this page for the server's MFA options; the wire (snake_case) result. */
export async function passkeyAssertion(options: WirePasskeyRequestOptions): Promise<WirePasskeyAssertion> {
  try {
    const optionsJSON = fromWirePasskeyJson<PublicKeyCredentialRequestOptionsJSON>(options);
    return toWirePasskeyJson<WirePasskeyAssertion>(await startAuthentication({ optionsJSON }));
  } catch (error) {
    const e = error as { name?: string; code?: string };
    if (DISMISSED.has(e.name ?? '') || e.code === 'ERROR_CEREMONY_ABORTED') {
      throw new LatchError('passkey_not_allowed', undefined, { cause: error });
    }
    throw error;
  }
}
