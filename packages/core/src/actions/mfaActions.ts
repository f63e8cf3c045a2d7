import type { WirePasskeyAssertion, WirePasskeyRequestOptions } from '@latch/protocol';
import { MFA_API } from '@latch/protocol/mfa';

/**
 * The host page's own MFA calls (SPEC §7 "MFA"), bearer only: they send a code or return a challenge and
 * grant nothing. Verifying and enrolling go through the wallet frame (`embeddedWallet.mfa`).
 */
interface MfaActions {
  /** Sends a code to the user's enrolled MFA phone (`MFA_API.smsInit {action:'verify'}`). */
  initSmsVerification(): Promise<void>;
  /** Sends a code to `phoneNumber`, the phone being enrolled (`{action:'enroll'}`). */
  initSmsEnrollment(phoneNumber: string): Promise<void>;
  /** Asks for a challenge over the user's MFA passkeys and runs the passkey dialog in this page. */
  passkeyVerificationAssertion(): Promise<WirePasskeyAssertion>;
}

/** Builds the MFA actions over the client's signed-in calls (`LatchClient.authedRequest`). */
export function mfaActions(client: { authedRequest<T>(path: string, body?: unknown): Promise<T> }): MfaActions {
  return {
    async initSmsVerification() {
      await client.authedRequest(MFA_API.smsInit, { action: 'verify' });
    },
    async initSmsEnrollment(phoneNumber) {
      await client.authedRequest(MFA_API.smsInit, { action: 'enroll', phone_number: phoneNumber.trim() });
    },
    async passkeyVerificationAssertion() {
      const [{ options }, { passkeyAssertion }] = await Promise.all([
        client.authedRequest<{ options: WirePasskeyRequestOptions }>(MFA_API.passkeysInit, {}),
        import('../mfa/passkeyAssertion.js'),
      ]);
      return passkeyAssertion(options);
    },
  };
}
