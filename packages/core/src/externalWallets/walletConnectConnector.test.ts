import { recoverMessageAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fakeClock.js';
import { createFakeEip1193Provider } from './testing/fakeEip1193Provider.js';
import {
  createWalletConnectConnector,
  createWalletConnectPairing,
  type WalletConnectInit,
  type WalletConnectProviderLike,
  walletConnectMetadata,
} from './walletConnectConnector.js';

const metadata = { name: 'Acme', description: 'Acme app', url: 'https://app.example', icons: [] };

/** A stand-in for the WalletConnect package (third party): pairing URI, a session, requests answered by a wallet with a real key. */
function fakeWalletConnect(options: { hangInit?: boolean; approve?: boolean } = {}) {
  const account = privateKeyToAccount(generatePrivateKey());
  const wallet = createFakeEip1193Provider(account, 10);
  const listeners = new Map<string, Array<(...args: unknown[]) => void>>();
  const requests: Array<{ method: string; chain?: string }> = [];
  let loads = 0;
  let disconnects = 0;
  const provider: WalletConnectProviderLike = {
    async connect(params) {
      for (const listener of listeners.get('display_uri') ?? []) listener('wc:abc@2?relay-protocol=irn&symKey=00');
      if (options.approve === false) return { namespaces: { eip155: { accounts: [] } } };
      const chain = params.optionalNamespaces.eip155!.chains[0]!;
      return { namespaces: { eip155: { accounts: [`${chain}:${account.address}`] } } };
    },
    async request(args, chain) {
      requests.push({ method: args.method, chain });
      return wallet.request({ method: args.method, params: args.params as unknown[] }) as never;
    },
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
    removeListener() {},
    async disconnect() {
      disconnects++;
    },
  };
  const load = async () => {
    loads++;
    return () => (options.hangInit ? new Promise<WalletConnectProviderLike>(() => {}) : Promise.resolve(provider));
  };
  return { account, provider, requests, load, loads: () => loads, disconnects: () => disconnects };
}

describe('createWalletConnectConnector', () => {
  it('loads the package only on initialise, shows the pairing URI, connects and signs through the relay', async () => {
    const wc = fakeWalletConnect();
    const uris: string[] = [];
    const connector = createWalletConnectConnector({
      projectId: 'project-1',
      chainIds: [8453, 1],
      metadata,
      onDisplayUri: (uri) => uris.push(uri),
      clock: createFakeClock(),
      load: wc.load,
    });
    expect(wc.loads()).toBe(0);
    await connector.initialize();
    expect(wc.loads()).toBe(1);
    const connection = await connector.connect();
    expect(uris).toEqual(['wc:abc@2?relay-protocol=irn&symKey=00']);
    expect(connection).toEqual({ address: wc.account.address, chainId: 8453 });
    expect(connector).toMatchObject({ connectorType: 'wallet_connect_v2', walletClientType: 'wallet_connect' });
    const signature = await connector.signMessage(connection.address, 'Sign in to Acme');
    expect(await recoverMessageAddress({ message: 'Sign in to Acme', signature })).toBe(wc.account.address);
    expect(wc.requests).toEqual([{ method: 'personal_sign', chain: 'eip155:8453' }]);
    await connector.disconnect();
    expect(wc.disconnects()).toBe(1);
    await expect(connector.signMessage(connection.address, 'again')).rejects.toMatchObject({ code: 4900 });
  });

  it('needs the app project id', async () => {
    const connector = createWalletConnectConnector({
      projectId: null,
      chainIds: [1],
      metadata,
      onDisplayUri: () => {},
    });
    await expect(connector.initialize()).rejects.toMatchObject({
      code: 'invalid_data',
      message: "WalletConnect needs the app's wallet_connect_cloud_project_id.",
    });
  });

  it('gives up initialising after 1500 ms, and reads an empty approval as a locked wallet', async () => {
    const clock = createFakeClock();
    const hanging = fakeWalletConnect({ hangInit: true });
    const slow = createWalletConnectConnector({
      projectId: 'p',
      chainIds: [1],
      metadata,
      onDisplayUri: () => {},
      clock,
      load: hanging.load,
    });
    let error: unknown;
    slow.initialize().catch((e: unknown) => (error = e));
    await clock.advance(1499);
    expect(error).toBeUndefined();
    await clock.advance(1);
    expect(error).toMatchObject({ kind: 'connectorInitialization', ms: 1500 });

    const empty = fakeWalletConnect({ approve: false });
    const connector = createWalletConnectConnector({
      projectId: 'p',
      chainIds: [1],
      metadata,
      onDisplayUri: () => {},
      load: empty.load,
    });
    await connector.initialize();
    await expect(connector.connect()).rejects.toMatchObject({ code: 4100 });
  });

  it('passes a configured relay address and the app metadata to the package', async () => {
    const wc = fakeWalletConnect();
    const seen: Array<Parameters<WalletConnectInit>[0]> = [];
    const connector = createWalletConnectConnector({
      projectId: 'p',
      chainIds: [1],
      metadata: walletConnectMetadata({ name: 'Acme', logo: 'https://app.example/logo.png' }, 'https://app.example'),
      relayUrl: 'ws://127.0.0.1:19392',
      onDisplayUri: () => {},
      load: async () => {
        const init: WalletConnectInit = await wc.load();
        return (options) => {
          seen.push(options);
          return init(options);
        };
      },
    });
    await connector.initialize();
    expect(seen).toEqual([
      {
        projectId: 'p',
        relayUrl: 'ws://127.0.0.1:19392',
        metadata: {
          name: 'Acme',
          description: 'Acme',
          url: 'https://app.example',
          icons: ['https://app.example/logo.png'],
        },
      },
    ]);
  });
});

describe('createWalletConnectPairing', () => {
  it('holds the pairing URI for the QR code and tells subscribers of changes only', () => {
    const pairing = createWalletConnectPairing();
    const seen: Array<string | null> = [];
    pairing.subscribe(() => seen.push(pairing.uri()));
    expect(pairing.uri()).toBeNull();
    pairing.set('wc:1@2');
    pairing.set('wc:1@2');
    pairing.set(null);
    expect(seen).toEqual(['wc:1@2', null]);
  });
});
