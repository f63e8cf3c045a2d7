/**
 * The texts of the login flow's lazily loaded screens (SPEC §2: AWAITING_PASSWORDLESS_CODE,
 * AFFIRMATIVE_CONSENT_SCREEN, ALLOWLIST_REJECTION_SCREEN, USER_LIMIT_REACHED_SCREEN, LOGIN_FAILED_SCREEN,
 * the link and update screens, EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN). Kept out of en.ts so that they load
 * with those screens, not with the page; a host overrides them through `strings` like any other text.
 */
export const authScreenStrings = {
  // The phone form (SMS login and link; the MFA SMS step)
  phoneLabel: 'Phone number',
  countryLabel: 'Country',
  enterCode: 'Enter confirmation code',
  // A login step that succeeded (the same text in passkeyStrings, socialStrings and walletStrings: one key)
  success: 'Success!',
  codeSentTo: 'Please check {destination} for an email from us with your code.',
  codeSentToPhone: 'Please check {destination} for a text message with your code.',
  codeDigitLabel: 'Digit {n} of {total}',
  didNotGetCode: "Didn't get a code?",
  resendCode: 'Resend code',
  codeResent: 'Code sent',
  consentTitle: 'One last step',
  consentText: 'By signing up, you agree to our terms and privacy policy.',
  noThanks: 'No thanks',
  accept: 'Accept',
  allowlistTitle: "You don't have access to this app",
  allowlistDetail: 'Have you been invited?',
  allowlistCta: 'Try another account',
  userLimitTitle: 'Unable to sign in',
  userLimitDetail: 'This application has reached its user limit and cannot sign in new users.',
  goBack: 'Go back',
  loginFailedTitle: 'Could not log in',
  loginFailedDetail: 'Something went wrong. Try again.',
  tryAgain: 'Try again',
  linkEmailTitle: 'Connect your email',
  linkPhoneTitle: 'Connect your phone',
  updateEmailTitle: 'Update your email',
  updateEmailDetail: 'Enter the new address; we will send it a confirmation code.',
  newEmailLabel: 'New email address',
  creatingWallet: 'Creating your wallet',
} as const;

/** The keys of the login screens' texts. */
export type AuthScreenStrings = { [K in keyof typeof authScreenStrings]: string };
