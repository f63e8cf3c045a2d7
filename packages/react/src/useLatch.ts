import { SCREEN, type ScreenId } from '@latch/core';
import type { AppConfig, LatchError, User } from '@latch/protocol';
import { useMemo } from 'react';
import { useEmbeddedWalletRuntime } from './embeddedWallet/EmbeddedWalletContext.js';
import { flowContextOf } from './flowContext.js';
import { useClientState } from './hooks.js';
import { useLatchContext } from './LatchContext.js';

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
  /** Connect-only mode: connects a wallet to the page without logging in (CONNECT_ONLY_LANDING_SCREEN, or CONNECT_ONLY_AUTHENTICATED_SCREEN when logged in). */
  connectWallet(): void;
  /** Opens CONNECT_OR_CREATE; rejects with invalid_data unless the user is logged out with no connected wallets (SPEC §5). */
  connectOrCreateWallet(): Promise<void>;
  getAccessToken(): Promise<string | null>;
  /** Opens EMBEDDED_WALLET_KEY_EXPORT_SCREEN ('Transfer Wallet'); resolves when the user closes it. Needs an embedded wallet. */
  exportWallet(): Promise<void>;
}

/** The Latch state and functions for the host app. */
export function useLatch(): UseLatch {
  const { client, runner, wallets } = useLatchContext();
  const state = useClientState();
  const embedded = useEmbeddedWalletRuntime();
  return useMemo(() => {
    const open = (intent: 'login' | 'link' | 'update', screen: ScreenId, previousAddress?: string) => {
      const { config } = client.getState();
      runner.dispatch({
        type: 'open',
        intent,
        screen,
        context: flowContextOf(config, runner.getState().context.canCreateEmbeddedWallet),
        previousAddress,
      });
    };
    const requireUser = (action: string): User | null => {
      const { user } = client.getState();
      if (!user) console.warn(`Latch: ${action} needs a logged-in user (must_be_authenticated).`);
      return user;
    };
    return {
      ready: state.status === 'ready',
      authenticated: state.authenticated,
      user: state.user,
      config: state.config,
      error: state.error,
      login() {
        if (client.getState().authenticated) {
          console.warn('Latch: login() was called while the user is already logged in.');
          return;
        }
        open('login', SCREEN.landing);
      },
      logout: () => client.logout(),
      linkEmail() {
        if (requireUser('linkEmail')) open('link', SCREEN.linkEmail);
      },
      linkPhone() {
        if (requireUser('linkPhone')) open('link', SCREEN.linkPhone);
      },
      updateEmail() {
        const user = requireUser('updateEmail');
        if (!user) return;
        if (!user.email) {
          console.warn('Latch: updateEmail needs an already linked email.');
          return;
        }
        open('update', SCREEN.updateEmail, user.email.address);
      },
      unlinkEmail: (address) => client.unlinkEmail(address),
      unlinkPhone: (phoneNumber) => client.unlinkPhone(phoneNumber),
      linkWallet(options) {
        if (!requireUser('linkWallet')) return;
        wallets.setLinkHint(options?.suggestedAddress ?? null);
        open('link', SCREEN.linkWallet);
      },
      unlinkWallet: (address) => client.unlinkWallet(address),
      connectWallet() {
        open('login', client.getState().authenticated ? SCREEN.connectOnlyAuthenticated : SCREEN.connectOnlyLanding);
      },
      async connectOrCreateWallet() {
        (await wallets.load()).assertCanConnectOrCreate(client.getState().authenticated);
        open('login', SCREEN.connectOrCreate);
      },
      getAccessToken: () => client.getAccessToken(),
      exportWallet: () => embedded.exporter.exportWallet(),
    };
  }, [client, runner, wallets, state, embedded]);
}
