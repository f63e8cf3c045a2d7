/** SPEC §2 texts of the embedded wallet screens this module renders. */
export const embeddedWalletStrings = {
  signMessageTitle: 'Sign message',
  signMessageDescription: 'Signing this message will not cost you any fees.',
  signAndContinue: 'Sign and continue',
  signSuccess: 'Success',
  close: 'Close',
} as const;
