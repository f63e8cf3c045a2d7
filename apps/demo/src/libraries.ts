// A host page that drives the embedded wallet through the libraries hosts use: a viem WalletClient over
// `custom(provider)` and wagmi with Latch's connector (e2e/walletLibraries.spec.ts). @latch/core alone logs
// in (as vanilla.ts does); noPromptOnSignature sends without the send screen, which has no React here.
import { createLatch, embeddedWalletOf } from '@latch/core';
import { latch as latchConnector } from '@latch/core/wagmi';
import { connect, createConfig, getAccount, sendTransaction, signMessage } from '@wagmi/core';
import { type Chain, createWalletClient, custom, http, parseEther } from 'viem';
import { foundry } from 'viem/chains';
import { demoChains } from './demoChains.js';
import { readDemoSettings } from './demoSettings.js';
import { devChainRpcUrl } from './devChain.js';
import { $, show, wireEmailLogin } from './plainPage.js';
import { DEMO_RECIPIENT } from './SendTransactionPanel.js';

const settings = readDemoSettings(window.location.search, import.meta.env as Record<string, string | undefined>);
const rpcUrl = import.meta.env.DEV ? devChainRpcUrl(import.meta.env) : null;
const latch = createLatch({
  appId: settings.appId,
  clientId: settings.clientId,
  apiUrl: settings.apiUrl,
  embeddedWallets: { noPromptOnSignature: true },
  chains: demoChains(rpcUrl),
});
latch.start();
const chain: Chain = { ...foundry, rpcUrls: { default: { http: rpcUrl ? [rpcUrl] : [] } } };
const provider = latch.embeddedWallet.provider;

const showError = (error: unknown) => show('error', error instanceof Error ? error.message : String(error));

function render(): void {
  const { status, user } = latch.client.getState();
  const { connection } = latch.embeddedWallet.getState();
  show('status', user ? 'authenticated' : status);
  show('wallet-address', connection?.address ?? embeddedWalletOf(user)?.address ?? '');
  show('wallet-status', connection?.status ?? '');
}
latch.client.subscribe(render);
latch.embeddedWallet.subscribe(render);
render();

wireEmailLogin(latch);

$('viem-send').addEventListener('click', async () => {
  show('error', '');
  try {
    const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as `0x${string}`[];
    const account = accounts[0] as `0x${string}`;
    const wallet = createWalletClient({ account, chain, transport: custom(provider) });
    show('viem-hash', await wallet.sendTransaction({ to: DEMO_RECIPIENT, value: parseEther('0.01') }));
  } catch (error) {
    showError(error);
  }
});

$('wagmi-send').addEventListener('click', async () => {
  show('error', '');
  try {
    const config = createConfig({
      chains: [chain],
      connectors: [latchConnector({ provider })],
      transports: { [chain.id]: http() },
      multiInjectedProviderDiscovery: false,
    });
    await connect(config, { connector: config.connectors[0] as (typeof config.connectors)[number] });
    const account = getAccount(config);
    show('wagmi-account', account.address ?? '');
    show('wagmi-chain', String(account.chainId ?? ''));
    show('wagmi-signature', await signMessage(config, { message: 'Hello from wagmi' }));
    show('wagmi-hash', await sendTransaction(config, { to: DEMO_RECIPIENT, value: parseEther('0.01') }));
  } catch (error) {
    showError(error);
  }
});
