import { type MfaAction, TIMEOUT, type User } from '@latch/protocol';
import type { ChainOptions } from '@latch/protocol/chains';
import type { ApprovalDisplay } from '@latch/protocol/schemas';
import type { LatchClient } from '../client.js';
import type { Clock } from '../clock.js';
import { loadOnce } from '../lazyActions.js';
import { createStore } from '../machine/createStore.js';
import { mfaGatedBridge } from '../mfa/mfaGatedBridge.js';
import type { MfaRuntime } from '../mfa/mfaRuntime.js';
import type { FundingController } from '../onRamp/fundingController.js';
import type { EmbeddedWalletBridge } from './embeddedWalletBridge.js';
import type { ChainCalls } from './embeddedWalletChainCalls.js';
import { createEmbeddedWalletController, embeddedWalletOf } from './embeddedWalletController.js';
import { createEmbeddedWalletProvider } from './embeddedWalletProvider.js';
import type { EmbeddedWalletRuntime, EmbeddedWalletState } from './embeddedWalletRuntimeTypes.js';
import { createLazyEmbeddedWalletBridge } from './lazyEmbeddedWalletBridge.js';
import type { SignRequest, SignUiOptions } from './signRequestFlow.js';
import type { SignRequestRunner } from './signRequestRunner.js';
import { createWalletExportHandle } from './walletExportHandle.js';
import { createWalletFlows } from './walletFlows.js';
import { createWalletImportHandle } from './walletImportHandle.js';

export type { EmbeddedWalletRuntime, EmbeddedWalletState } from './embeddedWalletRuntimeTypes.js';

/** Builds the runtime for a client; touches no browser global until the frame is first needed. */
export function createEmbeddedWalletRuntime(options: {
  client: LatchClient;
  apiUrl: string;
  appId: string;
  clientId?: string;
  clock: Clock;
  /** The frame bridge (tests pass a scripted one); default: the hidden iframe. */
  bridge?: EmbeddedWalletBridge;
  /** The host's `embeddedWallets.noPromptOnSignature` (read per request); unset: the app config's. */
  noPromptOnSignature?: () => boolean | undefined;
  /** The host's chains (SPEC §3 supportedChains, defaultChain, RPC URLs), read per call. */
  chains?: () => ChainOptions | undefined;
  /** The host's `embeddedWallets.waitForTransactionConfirmation`; unset: the app config's (default true). */
  waitForTransactionConfirmation?: () => boolean | undefined;
  /** The host's `mfa.noPromptOnMfaRequired` (read per request); unset: the app config's. */
  noPromptOnMfaRequired?: () => boolean | undefined;
  /** Links a new passkey (the passkey module), for MFA enrolment's passkey step. */
  linkPasskey?: () => Promise<User>;
}): EmbeddedWalletRuntime {
  const { client, clock } = options;
  // Where the frame and the export page live, and who asks. The analytics id is read when one opens, not here:
  // createLatch runs in a server render, where Next.js's prerender refuses a new random value.
  const frameOptions = {
    apiUrl: options.apiUrl,
    appId: options.appId,
    clientId: options.clientId,
    get analyticsId() {
      return client.analyticsId();
    },
    clock,
  };
  const frameBridge = options.bridge ?? createLazyEmbeddedWalletBridge(frameOptions);

  // MFA (docs/mfa.md "Client"): loaded when first needed (only an app or user with MFA methods needs it).
  let mfa: MfaRuntime | null = null;
  let loadingMfa: Promise<MfaRuntime> | undefined;
  const loadMfa = () =>
    (loadingMfa ??= import('../mfa/mfaRuntime.js').then(
      (module) =>
        (mfa = module.createMfaRuntime({ client, bridge: frameBridge, clock, host: options, publish: update })),
    ));
  // Optional chains all the way: hosts' tests hand in partial configs and users.
  const appHasMfa = () => (client.getState().config?.mfa?.methods?.length ?? 0) > 0;
  const mfaPossible = () => appHasMfa() || (client.getState().user?.mfaMethods?.length ?? 0) > 0;
  const withMfa = <T>(action: MfaAction, run: () => Promise<T>): Promise<T> =>
    mfaPossible() ? loadMfa().then((runtime) => runtime.withMfa(action, run)) : run();
  // The screen's hints (locale, colours, chain) dress the frame's next confirmation.
  let display: ApprovalDisplay | undefined;
  // Every wallet action reaches the frame through the gate (recover, set password, sign, send).
  const bridge = mfaGatedBridge({ ...frameBridge, rpc: (data) => frameBridge.rpc({ ...data, display }) }, withMfa);
  // A password wallet on a new device goes to EMBEDDED_WALLET_PASSWORD_RECOVERY_SCREEN.
  const controller = createEmbeddedWalletController(client, bridge, {
    onPasswordRecoveryNeeded: (wallet) => walletFlows.recover(wallet),
  });
  const store = createStore<EmbeddedWalletState>({
    connection: null,
    signRequest: null,
    sendTransaction: null,
    mfa: null,
    funding: null,
  });
  const walletFlows = createWalletFlows({
    client,
    clock,
    controller: () => controller,
    bridge,
    isConnected: (address) => {
      const { connection } = store.get();
      return connection?.address === address && connection.status === 'ready';
    },
  });
  const update = (patch: Partial<EmbeddedWalletState>) => store.set({ ...store.get(), ...patch });

  // The sign request on screen: a pure machine (signRequestFlow.ts), loaded with the first request.
  let signRequests: SignRequestRunner | null = null;
  // Bumped by logout and destroy: a request whose module arrives after one is refused at once.
  let resets = 0;
  let loadingSignRequests: Promise<SignRequestRunner> | undefined;
  const loadSignRequests = () =>
    (loadingSignRequests ??= import('./signRequestRunner.js').then((module) => {
      const runner = module.createSignRequestRunner(clock);
      runner.subscribe(() => update({ signRequest: runner.getState() }));
      signRequests = runner;
      return runner;
    }));

  // noPromptOnSignature (SPEC §3): no sign or send screen — only where the app's server allows headless signing.
  const noPrompt = () =>
    (options.noPromptOnSignature?.() ?? client.getState().config?.embeddedWallets.noPromptOnSignature ?? false) &&
    !!client.getState().config?.embeddedWallets.headlessSigning;

  function requestSignature<T>(
    kind: SignRequest['kind'],
    payload: unknown,
    run: () => Promise<T>,
    uiOptions?: SignUiOptions,
  ): Promise<T> {
    if (noPrompt()) return run();
    const epoch = resets;
    return loadSignRequests().then((runner) => {
      const signature = runner.request(kind, payload, run, uiOptions);
      if (epoch !== resets) runner.dispatch({ type: 'reset' });
      return signature;
    });
  }

  // The provider's chain half (switching, reads, transactions, the send flow), loaded with the first such call.
  let chainCalls: ChainCalls | null = null;
  let loadingChainCalls: Promise<ChainCalls> | undefined;
  const loadChainCalls = () =>
    (loadingChainCalls ??= Promise.all([
      import('./embeddedWalletChainCalls.js'),
      import('./transactionSigner.js'),
    ]).then(([calls, signer]) => {
      const loaded = calls.createChainCalls({
        chainOptions: () => options.chains?.(),
        signer: signer.createTransactionSigner(client, bridge, controller),
        clock,
        prompt: () => !noPrompt(),
        waitForConfirmation: () =>
          options.waitForTransactionConfirmation?.() ??
          client.getState().config?.embeddedWallets.waitForTransactionConfirmation ??
          true,
      });
      loaded.sendRunner.subscribe(() => update({ sendTransaction: loaded.sendRunner.getState() }));
      chainCalls = loaded;
      return loaded;
    }));

  // The on-ramp: its checks, flow and screens load with the first fundWallet() (the state opens its dialog).
  let funding: FundingController | null = null;
  const loadFunding = loadOnce(() =>
    import('../onRamp/fundingController.js').then((module) => {
      funding = module.createFundingController({
        client,
        clock,
        provider,
        publish: (state) => update({ funding: state }),
      });
      return funding;
    }),
  );

  const provider = createEmbeddedWalletProvider({
    getUser: () => client.getState().user,
    controller,
    sign: requestSignature,
    chains: () => options.chains?.(),
    loadChainCalls,
    subscribe: client.subscribe,
  });

  const exporter = createWalletExportHandle({
    getUser: () => client.getState().user,
    getAccessToken: () => client.getAccessToken(),
    loadMfa,
    controller,
    clock,
    page: frameOptions,
  });
  // The frame that imported the wallet holds it unlocked (controller): the connection is ready at once.
  const onImported = (user: User) => {
    const wallet = embeddedWalletOf(user);
    if (wallet) update({ connection: { address: wallet.address, status: 'ready' } });
  };
  const mount = () => frameBridge.ready(TIMEOUT.walletProxyDirect);
  const importer = createWalletImportHandle({ controller, clock, onImported, mount });

  /**
   * Whether a login's grant goes to the frame at once: when a wallet will be created or connected now,
   * or when the app has MFA methods (enrolment and verification are frame calls with the device key).
   */
  const registersAtLogin = (user: User) => {
    const config = client.getState().config;
    return (config?.embeddedWallets.createOnLogin ?? 'off') !== 'off' || embeddedWalletOf(user) !== null || appHasMfa();
  };

  /**
   * Logout or another user: nothing of the previous user's wallet may stay able to sign. The frame is
   * told to forget its keys and is removed (its memory goes with it); the next user mounts a fresh one.
   */
  const teardown = () => {
    controller.reset();
    resets += 1;
    signRequests?.dispatch({ type: 'reset' });
    chainCalls?.sendRunner.dispatch({ type: 'reset' });
    exporter.close();
    importer.close();
    mfa?.reset();
    funding?.dispatch({ type: 'close' });
    void bridge.clear().catch(() => undefined);
    bridge.destroy();
    update({ connection: null, signRequest: null, sendTransaction: null });
  };

  const connect = (user: User) => {
    const wallet = embeddedWalletOf(user);
    if (!wallet || store.get().connection?.address === wallet.address) return;
    update({ connection: { address: wallet.address, status: 'connecting' } });
    controller.connect(user).then(
      () => update({ connection: { address: wallet.address, status: 'ready' } }),
      () => update({ connection: { address: wallet.address, status: 'error' } }),
    );
  };

  /** SPEC §4 "Embedded wallet creation": required user-owned recovery takes the screen path (selection → password). */
  const create = async (user: User, readyTimeoutMs: number): Promise<User> => {
    const screens =
      client.getState().config?.embeddedWallets.requireUserOwnedRecoveryOnCreate && !embeddedWalletOf(user);
    const refreshed = screens
      ? await walletFlows.create(user)
      : await controller.createForUser(user, { readyTimeoutMs });
    const wallet = embeddedWalletOf(refreshed);
    if (wallet) update({ connection: { address: wallet.address, status: 'ready' } });
    return refreshed;
  };

  return {
    getState: store.get,
    subscribe: store.subscribe,
    controller,
    provider,
    exporter: { ...exporter, exportWallet: () => withMfa('export', () => exporter.exportWallet()) },
    walletFlows,
    importer,
    createOnLogin: (user) => create(user, TIMEOUT.walletProxyInCreationFlow),
    createWallet: (user) => create(user, TIMEOUT.walletProxyDirect),
    watch() {
      let owner: string | null = null;
      const check = () => {
        const { user } = client.getState();
        const id = user?.id ?? null;
        if (owner !== null && id !== owner) teardown();
        owner = id;
        if (!user) return;
        // Eager only when the frame is needed now; otherwise the first create registers (controller).
        if (client.hasDeviceGrant() && registersAtLogin(user)) controller.registerDevice().catch(() => undefined);
        connect(user);
      };
      check();
      return client.subscribe(check);
    },
    approveSignRequest(hints) {
      // The host's title, description and button text of this request label the frame's confirmation too.
      display = { ...hints, ...signRequests?.getState()?.uiOptions };
      signRequests?.dispatch({ type: 'approve' });
    },
    rejectSignRequest: () => signRequests?.dispatch({ type: 'close' }),
    sendTransactionAction(action, hints) {
      display = hints ?? display;
      chainCalls?.sendRunner.dispatch({ type: action });
    },
    chainOptions: () => options.chains?.(),
    frameCalls: { bridge: frameBridge, requestSignature, withMfa },
    loadMfa,
    funding: {
      fundWallet: (wanted) => loadFunding().then((loaded) => loaded.fundWallet(wanted)),
      dispatch: (event) => funding?.dispatch(event),
    },
    destroy() {
      mfa?.destroy();
      funding?.destroy();
      resets += 1;
      signRequests?.destroy();
      chainCalls?.sendRunner.destroy();
      walletFlows.destroy();
      exporter.destroy();
      importer.destroy();
      bridge.destroy();
      store.close();
    },
  };
}
