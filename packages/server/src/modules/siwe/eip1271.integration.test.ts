import { SIWE_API, type TokenResponse } from '@latch/protocol';
import { type Address, createPublicClient, createWalletClient, defineChain, getAddress, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ANVIL_FUNDED_KEY, type LocalChain, startLocalChain } from '../../../../../scripts/localChain.mjs';
import { forEachBackend } from '../../test/harness.js';
import { configureSiwe } from './siweLoginFor.js';
import { expectRefusedUnchanged } from './testing/expectRefusedUnchanged.js';
import { newTestWallet, siweTestClient, TEST_ORIGIN } from './testing/siweTestClient.js';
import { compileSmartWallet } from './testing/smartWalletContract.js';

// Smart-contract wallets (EIP-1271) verify through the chain's node: here a real local EVM (anvil) with a
// small owner-checked wallet contract compiled by solc-js.
let chain: LocalChain;
let walletAddress: Address;
const owner = newTestWallet();

beforeAll(async () => {
  chain = await startLocalChain(31337);
  const localChain = defineChain({
    id: chain.chainId,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.url] } },
  });
  const deployer = createWalletClient({
    account: privateKeyToAccount(ANVIL_FUNDED_KEY),
    chain: localChain,
    transport: http(chain.url),
  });
  const reader = createPublicClient({ chain: localChain, transport: http(chain.url) });
  const { abi, bytecode } = compileSmartWallet();
  const hash = await deployer.deployContract({ abi, bytecode, args: [owner.address] });
  const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  walletAddress = getAddress(receipt.contractAddress!);
}, 60_000);

afterAll(async () => {
  await chain?.stop();
});

forEachBackend('siwe with a smart-contract wallet (EIP-1271)', (server) => {
  const setup = async () => {
    const { appId, clientId } = await server().createApp({
      name: 'Acme',
      config: { wallet_auth: true },
      allowedOrigins: [TEST_ORIGIN],
    });
    return siweTestClient(server(), appId, clientId);
  };
  /** The smart wallet as a signer: its address, the owner's key. */
  const smartWallet = () => ({ ...owner, address: walletAddress });

  it('logs in when the owner signs for the contract, through the configured RPC URL', async () => {
    configureSiwe(server().ctx, { rpcUrls: new Map([[chain.chainId, chain.url]]) });
    const client = await setup();
    const res = await client.authenticate(smartWallet(), {
      chainId: chain.chainId,
      signer: owner,
      walletClientType: 'safe',
      connectorType: 'wallet_connect_v2',
    });
    expect(res.status).toBe(200);
    const session = (await res.json()) as TokenResponse;
    expect(session.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'wallet', address: walletAddress, chain_id: `eip155:${chain.chainId}` }),
    ]);
    // Plain EOA wallets keep working when the chain verifies through its node.
    expect((await client.authenticate(newTestWallet(), { chainId: chain.chainId })).status).toBe(200);
  });

  it('refuses a signature by a key that does not own the contract', async () => {
    configureSiwe(server().ctx, { rpcUrls: new Map([[chain.chainId, chain.url]]) });
    const client = await setup();
    const body = await client.signedBody(smartWallet(), { chainId: chain.chainId, signer: newTestWallet() });
    await expectRefusedUnchanged(server(), () => client.post(SIWE_API.authenticate, body), 422, 'invalid_credentials');
  });

  it('refuses a contract wallet on a chain without an RPC URL (EOA check only)', async () => {
    configureSiwe(server().ctx, { rpcUrls: new Map() });
    const client = await setup();
    const body = await client.signedBody(smartWallet(), { chainId: chain.chainId, signer: owner });
    await expectRefusedUnchanged(server(), () => client.post(SIWE_API.authenticate, body), 422, 'invalid_credentials');
  });
});
