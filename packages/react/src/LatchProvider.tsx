import {
  type Clock,
  configWarnings,
  createFlowRunner,
  createLatchClient,
  type ExitError,
  type FlowIntent,
  type LatchClient,
  SCREEN,
  systemClock,
} from '@latch/core';
import type { User } from '@latch/protocol';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { EmbeddedWalletContext } from './embeddedWallet/EmbeddedWalletContext.js';
import { ExportWalletSlot } from './embeddedWallet/ExportWalletSlot.js';
import { createEmbeddedWalletRuntime } from './embeddedWallet/embeddedWalletRuntime.js';
import { SignRequestDialog } from './embeddedWallet/SignRequestDialog.js';
import { WalletFlowDialog } from './embeddedWallet/WalletFlowDialog.js';
import { flowContextOf } from './flowContext.js';
import { LatchContext, type LatchContextValue } from './LatchContext.js';
import { LatchModal } from './modal/LatchModal.js';
import { en, type Strings } from './strings/en.js';
import type { WalletStrings } from './wallet/walletStrings.js';
import { createWalletsLoader } from './wallet/walletsLoader.js';

/** What a completed login or link reports to the host. */
export interface LoginCompleteResult {
  intent: FlowIntent;
  user: User;
  isNewUser: boolean;
}

/** Props of <LatchProvider>. */
export interface LatchProviderProps {
  appId: string;
  clientId: string;
  /** The Latch server; defaults to http://localhost:8787. */
  apiUrl?: string;
  /** Text overrides, any key of strings/en.ts. */
  strings?: Partial<Strings & WalletStrings>;
  /** Called when a login or link completes (after consent and wallet creation). */
  onLoginComplete?(result: LoginCompleteResult): void;
  /** Called when the user leaves a login (exited_auth_flow) or link (exited_link_flow) flow. */
  onError?(error: ExitError): void;
  /** Filled by the embedded-wallet package: creates the user's wallet after login when the app wants one. */
  createEmbeddedWallet?(user: User): Promise<User>;
  /** A client made elsewhere (tests, or hosts sharing one client); the provider then does not destroy it. */
  client?: LatchClient;
  clock?: Clock;
  /** Embedded wallet options; `noPromptOnSignature` signs without EMBEDDED_WALLET_SIGN_REQUEST_SCREEN (unset: the app config's). */
  embeddedWallets?: { noPromptOnSignature?: boolean };
  children?: ReactNode;
}

const DEFAULT_API_URL = 'http://localhost:8787';

/** The screens where the wallet connection flow, not the code flow, reports the outcome to the host. */
const walletFlowOwns = (screen: string | null): boolean =>
  screen === SCREEN.awaitingConnection || screen === SCREEN.awaitingConnectOnlyConnection;

/** Mounts Latch: creates the client, loads the app config and renders the modal beside the host's tree. */
export function LatchProvider(props: LatchProviderProps): ReactNode {
  const { appId, clientId, apiUrl = DEFAULT_API_URL, client: givenClient, clock = systemClock } = props;
  // Latest callbacks, read when a flow ends, so the runner never holds stale props.
  const propsRef = useRef(props);
  propsRef.current = props;

  const [client] = useState(() => givenClient ?? createLatchClient({ appId, clientId, apiUrl, clock }));
  // The embedded wallet (hidden frame, created on first use); it creates the wallet after login unless the host does.
  const [embeddedWallet] = useState(() =>
    createEmbeddedWalletRuntime({
      client,
      apiUrl,
      appId,
      clientId,
      clock,
      noPromptOnSignature: () => propsRef.current.embeddedWallets?.noPromptOnSignature,
    }),
  );
  useEffect(() => embeddedWallet.watch(), [embeddedWallet]);
  // The host's callbacks (read when a flow ends) and the embedded-wallet creator, for both flows.
  const hostHandlers = () => ({
    onComplete: (result: LoginCompleteResult) => propsRef.current.onLoginComplete?.(result),
    onExit: (error: ExitError) => propsRef.current.onError?.(error),
    createEmbeddedWallet: propsRef.current.createEmbeddedWallet ?? embeddedWallet.createOnLogin,
  });
  const [runner] = useState(() =>
    createFlowRunner({
      actions: client,
      clock,
      handlers: (): Partial<ReturnType<typeof hostHandlers>> => {
        const handlers = hostHandlers();
        // On the wallet screens the wallet flow owns the outcome and reports it itself.
        return walletFlowOwns(runner.getState().screen)
          ? { createEmbeddedWallet: handlers.createEmbeddedWallet }
          : handlers;
      },
    }),
  );
  const [wallets] = useState(() =>
    createWalletsLoader({
      client,
      clock,
      runner,
      flowContext: () => flowContextOf(client.getState().config, true),
      handlers: hostHandlers,
    }),
  );

  // React's StrictMode unmounts and remounts effects at once: destroy the client only if no remount follows.
  const pendingDestroy = useRef<ReturnType<typeof globalThis.setTimeout> | null>(null);
  useEffect(() => {
    if (pendingDestroy.current !== null) globalThis.clearTimeout(pendingDestroy.current);
    pendingDestroy.current = null;
    // Keep the flow's view of the app config current; the config arrives after init.
    let warnedFor: unknown = null;
    const sync = () => {
      const { config } = client.getState();
      if (config && config !== warnedFor) {
        warnedFor = config;
        for (const warning of configWarnings(config)) console.warn(`Latch: ${warning}`);
      }
      runner.dispatch({
        type: 'configure',
        context: flowContextOf(config, true),
      });
    };
    sync();
    const unsubscribe = client.subscribe(sync);
    void client.init();
    // A wallet deep link (SPEC §2 query parameters) loads the wallet code at once, to connect or help with it.
    if (typeof location !== 'undefined' && location.search.includes('latch_wallet_client=')) void wallets.load();
    return () => {
      unsubscribe();
      runner.destroy();
      pendingDestroy.current = globalThis.setTimeout(() => {
        wallets.destroy();
        if (!givenClient) client.destroy();
      }, 0);
    };
  }, [client, runner, wallets, givenClient]);

  const [embeds] = useState(() => ({ current: 0 }));
  const value = useMemo<LatchContextValue>(
    () => ({ client, runner, wallets, strings: { ...en, ...props.strings }, embeds }),
    [client, runner, wallets, props.strings, embeds],
  );

  return (
    <LatchContext.Provider value={value}>
      <EmbeddedWalletContext.Provider value={embeddedWallet}>
        {props.children}
        <LatchModal />
        <SignRequestDialog />
        <WalletFlowDialog />
        <ExportWalletSlot />
      </EmbeddedWalletContext.Provider>
    </LatchContext.Provider>
  );
}
