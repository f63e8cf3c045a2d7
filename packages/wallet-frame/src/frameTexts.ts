import { ERROR_CATALOGUE, LatchError } from '@latch/protocol';
import { CustodyError } from './keys/custodyError.js';
import { GENERIC_WALLET_ERROR } from './walletErrorReply.js';

/** Texts the frame's own pages show (the export page); SPEC gives the host screens' texts, not these. */
export const EXPORT_PAGE_TEXT = {
  loading: 'Loading…',
  codePrompt: (destination: string) => `Enter the code we sent to ${destination}`,
  codeLabel: 'Verification code',
  verify: 'Verify',
  verifying: 'Verifying…',
  codeFormat: 'Enter the 6-digit code.',
  wrongCode: 'That code is wrong or has expired. Check it and try again.',
  tooManyRequests: 'Too many attempts. Please wait before trying again.',
  noVerifiedChannel: ERROR_CATALOGUE.no_verified_channel.message,
  notOnDevice: 'This device has no share of the wallet. Recover the wallet on this device first.',
  /** The server wants an MFA verification for the export first: the host runs 'Verify your identity' and reopens the page. */
  mfaRequired: 'Verify your identity to export your wallet.',
  keyLabel: 'Your private key',
  reveal: 'Reveal',
  hide: 'Hide',
  copy: 'Copy key',
  copied: 'Copied',
  error: GENERIC_WALLET_ERROR,
} as const;

/** The export page's text for a failure: clear texts for what the user can act on, else the generic one. */
export function exportErrorText(error: unknown): string {
  if (error instanceof CustodyError && error.code === 'device_share_missing') return EXPORT_PAGE_TEXT.notOnDevice;
  if (!(error instanceof LatchError)) return EXPORT_PAGE_TEXT.error;
  if (error.code === 'missing_or_invalid_mfa') return EXPORT_PAGE_TEXT.mfaRequired;
  if (error.status === 429 || error.code === 'too_many_requests') return EXPORT_PAGE_TEXT.tooManyRequests;
  if (error.code === 'no_verified_channel') return EXPORT_PAGE_TEXT.noVerifiedChannel;
  if (error.code === 'invalid_credentials' || error.code === 'step_up_required') return EXPORT_PAGE_TEXT.wrongCode;
  if (error.code === 'invalid_data' || error.code === 'invalid_request_arguments') return EXPORT_PAGE_TEXT.codeFormat;
  if (error.code === 'wallet_not_on_device') return EXPORT_PAGE_TEXT.notOnDevice;
  return EXPORT_PAGE_TEXT.error;
}
