import type { Latch } from '@latch/core';
import type { AppConfig, LatchError, OAuthProvider, User } from '@latch/protocol';
import { useMemo } from 'react';
import { useClientState, useLatchContext } from './index.js';

/** What a host app uses: state and every public function of the widget core. */
export interface UseLatch {
  /** True once the app config is loaded and the session restored. */
  ready: boolean;
  authenticated: boolean;
  user: User | null;
  config: AppConfig | null;
  /** Why the client could not get ready (for example an unknown app id), else null. */
  error: LatchError | null;
  /** Opens the modal on LANDING. Logged-in users only get a console warning (SPEC §4). */
  login(): void;
  logout(): Promise<void>;
  /** Opens LINK_EMAIL_SCREEN. */
  linkEmail(): void;
  /** Opens LINK_PHONE_SCREEN. */
  linkPhone(): void;
  /** Opens UPDATE_EMAIL_SCREEN for the linked email. */
  updateEmail(): void;
  unlinkEmail(address: string): Promise<User>;
  unlinkPhone(phoneNumber: string): Promise<User>;
  /** Opens LINK_WALLET_SCREEN; with `suggestedAddress` it asks to reconnect that wallet ('Reconnect your wallet'). */
  linkWallet(options?: { suggestedAddress?: string }): void;
  /** Unlinks the external wallet `address` from the user. */
  unlinkWallet(address: string): Promise<User>;
  /** Opens LINK_PASSKEY_SCREEN: the user's passkeys ('Your passkeys'), add one (up to 5) or remove one. */
  linkPasskey(): void;
  /** Removes the passkey `credentialId` from the user (refused for a passkey enrolled in MFA). */
  unlinkPasskey(credentialId: string): Promise<User>;
  /** Links `provider` to the user: opens AWAITING_OAUTH_SCREEN and the provider's popup, so call it in a click. */
  linkOAuth(provider: OAuthProvider): void;
  /** Removes the user's `provider` account (its `subject`); the last login method is never removed. */
  unlinkOAuth(provider: OAuthProvider, subject: string): Promise<User>;
  /** Opens TELEGRAM_AUTH_SCREEN to link a Telegram account. */
  linkTelegram(): void;
  /** Removes the user's Telegram account. */
  unlinkTelegram(telegramUserId: string | number): Promise<User>;
  /** Logs in with a JWT from the host's own backend, without the modal (SPEC §7 custom_jwt_account). */
  loginWithCustomToken: Latch['loginWithCustomToken'];
  /** Connect-only mode: connects a wallet to the page without logging in (CONNECT_ONLY_LANDING_SCREEN, or CONNECT_ONLY_AUTHENTICATED_SCREEN when logged in). */
  connectWallet(): void;
  /** Opens CONNECT_OR_CREATE; rejects with invalid_data unless the user is logged out with no connected wallets (SPEC §5). */
  connectOrCreateWallet(): Promise<void>;
  getAccessToken(): Promise<string | null>;
  /** Starts a session hand-off into this signed-out tab: the challenge for the signed-in context (docs/client.md). */
  requestSessionHandOff(): Promise<string>;
  /** Forks this session for a hand-off challenge: the one-time code for the `latch_handoff` parameter. */
  handOffSession(challenge: string): Promise<string>;
  /** Opens EMBEDDED_WALLET_KEY_EXPORT_SCREEN ('Transfer Wallet'); resolves when the user closes it. Needs an embedded wallet. */
  exportWallet(): Promise<void>;
  /** Creates the user's embedded wallet now (apps with `createOnLogin` 'off'; useCreateWallet has callbacks). */
  createWallet(): Promise<User>;
  /** Imports a private key as the user's embedded wallet: typed into the wallet frame's own form, never this page. */
  importWallet(): Promise<User>;
}

/** The Latch state and functions for the host app: the client state bound, the actions the core's. */
export function useLatch(): UseLatch {
  const { latch } = useLatchContext();
  const state = useClientState();
  return useMemo(() => {
    const { client } = latch;
    return {
      ready: state.status === 'ready',
      authenticated: state.authenticated,
      user: state.user,
      config: state.config,
      error: state.error,
      login: latch.login,
      logout: latch.logout,
      linkEmail: latch.linkEmail,
      linkPhone: latch.linkPhone,
      updateEmail: latch.updateEmail,
      unlinkEmail: (address) => client.unlinkEmail(address),
      unlinkPhone: (phoneNumber) => client.unlinkPhone(phoneNumber),
      linkWallet: latch.linkWallet,
      unlinkWallet: (address) => client.unlinkWallet(address),
      linkPasskey: latch.linkPasskey,
      unlinkPasskey: (credentialId) => client.unlinkPasskey(credentialId),
      linkOAuth: latch.linkOAuth,
      unlinkOAuth: (provider, subject) => client.unlinkOAuth(provider, subject),
      linkTelegram: latch.linkTelegram,
      unlinkTelegram: (telegramUserId) => client.unlinkTelegram(telegramUserId),
      loginWithCustomToken: latch.loginWithCustomToken,
      connectWallet: latch.connectWallet,
      connectOrCreateWallet: latch.connectOrCreateWallet,
      getAccessToken: () => client.getAccessToken(),
      requestSessionHandOff: () => client.requestSessionHandOff(),
      handOffSession: (challenge) => client.handOffSession(challenge),
      exportWallet: latch.exportWallet,
      createWallet: latch.createWallet,
      importWallet: latch.importWallet,
    };
  }, [latch, state]);
}
