/** SPEC §2 texts of the embedded wallet screens this module renders. */
export const embeddedWalletStrings = {
  signMessageTitle: 'Sign message',
  signMessageDescription: 'Signing this message will not cost you any fees.',
  signAndContinue: 'Sign and continue',
  signSuccess: 'Success',
  walletCreatedNewUserTitle: 'Welcome to {app}',
  walletCreatedNewUserDescription: "You've successfully created an account.",
  walletCreatedTitle: 'All set!',
  walletCreatedDescription: 'Your account is secured.',
} as const;

/** The embedded-wallet texts' keys. */
export type EmbeddedWalletStrings = { [K in keyof typeof embeddedWalletStrings]: string };
