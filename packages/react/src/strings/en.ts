import type { ActionErrorScreenStrings } from './actionErrorScreenStrings.js';
import type { AuthScreenStrings } from './authScreenStrings.js';
import type { CaptchaStrings } from './captchaStrings.js';
import type { EmbeddedWalletStrings } from './embeddedWalletStrings.js';
import { type ErrorScreenPart, errorScreenStrings } from './errorScreenStrings.js';
import type { ExportWalletStrings } from './exportWalletStrings.js';
import type { FlowMessageStrings } from './flowMessageStrings.js';
import type { MfaStrings } from './mfaStrings.js';
import type { OnRampStrings } from './onRampStrings.js';
import type { PasskeyStrings } from './passkeyStrings.js';
import type { SendTransactionStrings } from './sendTransactionStrings.js';
import type { ServerMessageStrings } from './serverMessageStrings.js';
import type { SocialStrings } from './socialStrings.js';
import type { StepUpStrings } from './stepUpStrings.js';
import type { WalletFlowStrings } from './walletFlowStrings.js';
import type { WalletStrings } from './walletStrings.js';

/** Every user-facing text of the widget (SPEC §2, §5, §8), in English. A host may override any of them. */
export const en = {
  loading: 'Loading',
  close: 'Close',
  back: 'Back',
  landingHeaderDefault: 'Log in or sign up',
  moreOptions: 'More options',
  otherSocials: 'Other socials',
  continueWithWallet: 'Continue with a wallet',
  otherWallets: 'Other wallets',
  passkeyLogin: 'I have a passkey',
  continueWithEmail: 'Continue with Email',
  continueWithSms: 'Continue with SMS',
  emailLabel: 'Email address',
  emailPlaceholder: 'your@email.com',
  submit: 'Submit',
  consentPrefix: 'By logging in I agree to the',
  terms: 'Terms',
  termsOfService: 'Terms of Service',
  privacyPolicy: 'Privacy Policy',
  and: '&',
  // ERROR_SCREEN, row by row, keyed by error code; here (not loaded with the screen) because the app's own
  // load error shows them before any screen loads.
  ...errorScreenStrings,
} as const;

/** The widget's texts; every key can be overridden by the host. */
export type Strings = { [K in keyof typeof en]: string };

/**
 * The whole catalogue of user-visible texts a host may override or translate (LatchProvider's
 * `strings`): these initial texts and the texts that load with the wallet list, the wallet flows, the
 * sign request, the key export, the MFA, passkey and social login screens and the flows' message codes (strings/*Strings.ts, kept apart so the
 * page loads only en.ts).
 */
export type StringCatalogue = Strings &
  ActionErrorScreenStrings &
  AuthScreenStrings &
  CaptchaStrings &
  WalletStrings &
  WalletFlowStrings &
  EmbeddedWalletStrings &
  ExportWalletStrings &
  FlowMessageStrings &
  SendTransactionStrings &
  OnRampStrings &
  MfaStrings &
  PasskeyStrings &
  SocialStrings &
  StepUpStrings &
  ServerMessageStrings;

/**
 * Fills `{name}` placeholders in a simple message (see isSimpleMessage); the page's texts need no more.
 * Texts with plurals go through strings/format.ts, which loads with the screens that show them.
 */
export function format(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** What ERROR_SCREEN shows. */
type ErrorScreenText = Record<ErrorScreenPart, string>;

/**
 * ERROR_SCREEN's texts for an error: each from its code's row of SPEC §8's table, else from the `error`
 * row. Here beside `en` so that the initial view of an app load error and the lazy ERROR_SCREEN share
 * en's chunk. No other catalogue key ends in `_title`, `_detail` or `_cta`.
 */
export function errorScreenText(
  strings: Strings,
  error: { code?: string; message: string } | null | undefined,
): ErrorScreenText {
  const own = strings as Partial<Record<string, string>>;
  const text = (part: ErrorScreenPart) =>
    format(own[`${error?.code}_${part}`] ?? strings[`error_${part}`], { message: serverMessage(own, error) });
  return { title: text('title'), detail: text('detail'), cta: text('cta') };
}

/**
 * An error's message in the active locale, or the host's text for its code (`server_<code>`,
 * serverMessageStrings.ts), else the message the error carries (English, from the catalogue).
 */
export function serverMessage(
  strings: Partial<Record<string, string>>,
  error: { code?: string; message?: string } | null | undefined,
): string {
  return (error?.code !== undefined ? strings[`server_${error.code}`] : undefined) ?? error?.message ?? '';
}
