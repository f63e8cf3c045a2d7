/**
 * Texts of FIAT_ON_RAMP_PROMPT_SCREEN and FIAT_ON_RAMP_STATUS_SCREEN (docs/wallets.md "Funding a wallet"). SPEC
 * §2/§8 texts are word for word; the rest (marked) are ours where SPEC only describes. Loaded with the screens.
 */
export const onRampStrings = {
  // SPEC §2: the status screen's title; ours on the prompt too (one funding, one title).
  onRampTitle: 'Fund account',
  // Ours: the prompt (SPEC: an intro whose button opens the provider in a new tab).
  onRampIntro:
    'Buy crypto with a card or bank transfer. {provider} opens in a new tab; come back here to follow your purchase.',
  onRampWalletLabel: 'Wallet',
  onRampAssetLabel: 'Buying',
  onRampAmountLabel: 'Amount',
  onRampContinue: 'Continue to {provider}',
  onRampPreparing: 'Preparing your purchase',
  onRampSignFailed: 'Your purchase could not be started.',
  // SPEC §2: pending or no status.
  onRampInProgress: 'In Progress',
  // Ours: what pending asks of the user, and a way back to the provider's tab.
  onRampInProgressDetail: 'Finish your purchase in the {provider} tab. This screen updates by itself.',
  onRampReopen: 'Open {provider} again',
  // Ours: completed and the non-card waiting authorisation (SPEC lists the statuses, not their texts).
  onRampCompleted: 'Funds added',
  onRampCompletedDetail: 'Your purchase is complete and the funds are on their way to your wallet.',
  onRampWaitingAuthorization: 'Waiting for authorization',
  onRampWaitingAuthorizationDetail:
    '{provider} is waiting for your payment to be authorized. Follow the steps in its tab or in its email.',
  // SPEC §8 "On-ramp and other": failed (contact support, debit cards typically work better) and serviceFailure.
  onRampFailed: 'Something went wrong!',
  onRampFailedDetail:
    'Your purchase did not go through. Contact support if it keeps happening. Debit cards typically work better.',
  onRampServiceFailure: '{provider} ran into an error when processing your transaction. Try again?',
  onRampTryAgain: 'Try again',
  onRampDone: 'Done',
};

/** The on-ramp screens' text keys. */
export type OnRampStrings = typeof onRampStrings;
