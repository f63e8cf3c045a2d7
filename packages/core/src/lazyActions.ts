import type { CodeActions } from './actions/codeActions.js';
import type { SocialActions } from './oauth/socialActions.js';

// The client's actions whose modules load lazily (client.ts), and the names it forwards to them.

/** The social actions, each loading their module on first use (socialActions.test.ts checks the list is whole). */
export const SOCIAL_ACTIONS = [
  'loginWithOAuth',
  'linkOAuth',
  'completeOAuthRedirect',
  'unlinkOAuth',
  'loginWithTelegram',
  'linkTelegram',
  'unlinkTelegram',
  'loadTelegramScript',
  'loginWithCustomToken',
  'farcaster',
] as const satisfies readonly (keyof SocialActions)[];

/** The email and SMS code actions: their chunk loads while init's config call runs (codeActions.test.ts checks the list). */
export const CODE_ACTIONS = [
  'sendEmailCode',
  'loginWithEmailCode',
  'linkEmail',
  'updateEmail',
  'unlinkEmail',
  'sendSmsCode',
  'loginWithSmsCode',
  'linkPhone',
  'unlinkPhone',
  'captchaChallenge',
] as const satisfies readonly (keyof CodeActions)[];

/** Memoizes `load` until it fails: a chunk that failed to load is fetched again on the next call. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

/**
 * Functions named `names`, each calling the same-named function of what `load` resolves to: the actions'
 * module loads on first use (or earlier, when the caller starts `load`), out of the page's first JavaScript.
 */
export function lazyActions<T>(names: readonly (keyof T)[], load: () => Promise<T>): T {
  return Object.fromEntries(
    names.map((name) => [
      name,
      (...args: unknown[]) => load().then((actions) => (actions[name] as (...a: unknown[]) => unknown)(...args)),
    ]),
  ) as T;
}
