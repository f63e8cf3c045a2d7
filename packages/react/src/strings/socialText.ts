import type { FlowError, FlowIntent, SocialMethod } from '@latch/core';
import { serverMessage } from './en.js';
import { format } from './format.js';
import type { SocialStrings } from './socialStrings.js';

const NAME_KEY = {
  google: 'socialGoogle',
  twitter: 'socialTwitter',
  discord: 'socialDiscord',
  github: 'socialGithub',
  spotify: 'socialSpotify',
  instagram: 'socialInstagram',
  tiktok: 'socialTiktok',
  linkedin: 'socialLinkedin',
  apple: 'socialApple',
  telegram: 'socialTelegram',
  farcaster: 'socialFarcaster',
} as const satisfies Record<SocialMethod, keyof SocialStrings>;

/** A provider's display name ('GitHub', 'TikTok', …); an unknown method shows as the generic 'provider'. */
export function socialMethodName(strings: SocialStrings, method: SocialMethod | null): string {
  return method ? strings[NAME_KEY[method]] : 'provider';
}

/** AWAITING_OAUTH_SCREEN's title and detail for a failed attempt (SPEC §8 "Farcaster and OAuth", §5 state check). */
export function oauthErrorText(
  strings: SocialStrings,
  intent: FlowIntent,
  method: SocialMethod | null,
  error: FlowError,
): { title: string; detail: string } {
  const provider = socialMethodName(strings, method);
  const title = intent === 'login' ? strings.oauthLoginFailed : strings.oauthLinkFailed;
  const detail = (() => {
    switch (error.code) {
      case 'oauth_state_mismatch':
        return strings.oauthStateMismatch;
      case 'oauth_user_denied':
        return strings.oauthUserDenied;
      case 'too_many_requests':
        return strings.oauthRateLimited;
      case 'oauth_account_suspended':
        return strings.oauthSuspended;
      case 'linked_to_another_user':
        return strings.oauthLinkedToAnotherUser;
      case 'invalid_credentials':
        return strings.oauthSomethingWrong;
      case 'timeout':
        return strings.oauthTimedOut;
      default:
        // The catalogue's messages are written for people ('Invalid code during OAuth flow.'), in the active locale.
        return serverMessage(strings as Partial<Record<string, string>>, error) || strings.oauthSomethingWrong;
    }
  })();
  return { title, detail: format(detail, { provider }) };
}

/** TELEGRAM_AUTH_SCREEN's message for a failed attempt (SPEC §8 "SDK texts", "On-ramp and other"). */
export function telegramErrorText(strings: SocialStrings, error: FlowError): string {
  switch (error.code) {
    case 'too_many_requests':
      return strings.telegramRateLimited;
    case 'disallowed_login_method':
      return strings.telegramNotAllowed;
    case 'linked_to_another_user':
      return strings.oauthLinkedToAnotherUser;
    case 'telegram_not_initialized':
      return strings.telegramNotInitialized;
    default:
      // telegram_auth_failed (the window closed without a result) and any refusal of the result itself.
      return strings.telegramFailed;
  }
}

/** AWAITING_FARCASTER_*'s title and detail for a failed attempt: 'Request rejected' for a rejected signer, else OAuth's. */
export function farcasterErrorText(
  strings: SocialStrings,
  intent: FlowIntent,
  error: FlowError,
): { title: string; detail: string } {
  const text = oauthErrorText(strings, intent, 'farcaster', error);
  return error.code === 'farcaster_request_rejected' ? { ...text, detail: strings.farcasterRejected } : text;
}
