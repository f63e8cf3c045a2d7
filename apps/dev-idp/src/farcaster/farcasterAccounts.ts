import { type Hex, keccak256, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

// Fixed keys, derived from public labels: test keys anyone can recompute, never secrets. They own fids on the
// local dev chain only.

/** The custody key of the test user's fid (the account the stand-in signs in as). */
export const TEST_USER_CUSTODY_KEY: Hex = keccak256(toHex('latch dev-idp farcaster test user custody'));
/** The custody key of the demo app's fid, which signs the app's signed key requests. */
export const TEST_APP_CUSTODY_KEY: Hex = keccak256(toHex('latch dev-idp farcaster demo app custody'));

/** The test user's profile, sent with each approval as the Farcaster app sends it. */
export const TEST_USER_PROFILE = {
  username: 'latch-tester',
  displayName: 'Latch Tester',
  bio: 'A test account on the local dev chain',
  pfpUrl: 'https://example.com/latch-tester.png',
} as const;

/** The custody accounts. */
export const testUserCustody = () => privateKeyToAccount(TEST_USER_CUSTODY_KEY);
export const testAppCustody = () => privateKeyToAccount(TEST_APP_CUSTODY_KEY);
