import { SIWE_API, type SiweInitResponse } from '@latch/protocol';
import type { Hex } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { type TestServer, widgetHeaders } from '../../../test/harness.js';

/** The host page origin the SIWE test apps allow. */
export const TEST_ORIGIN = 'https://app.example';

/** A wallet with a real secp256k1 key (viem), as an external wallet would sign. */
export const newTestWallet = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());

/** How a test shapes the signed message and the request around it. */
export interface SignInOptions {
  /** The nonce to sign; default: a fresh one from init. */
  nonce?: string;
  chainId?: number;
  /** The chain the request body claims (default: the message's, as CAIP-2). */
  bodyChainId?: string | number;
  domain?: string;
  uri?: string;
  expirationTime?: Date;
  notBefore?: Date;
  issuedAt?: Date;
  /** Signs with this key instead of the wallet's own. */
  signer?: PrivateKeyAccount;
  walletClientType?: string;
  connectorType?: string;
}

/** The body of authenticate/link for a wallet, built like the widget builds it. */
interface SignedBody {
  message: string;
  signature: Hex;
  chainId: string | number;
  walletClientType: string;
  connectorType: string;
}

/** Calls the SIWE endpoints of a test server for one app, from the app's origin. */
export function siweTestClient(server: TestServer, appId: string, clientId: string) {
  const post = (path: string, body: unknown, token?: string) =>
    server.call('POST', path, { body, headers: { ...widgetHeaders(appId, clientId, token), origin: TEST_ORIGIN } });

  const init = async (address: string): Promise<SiweInitResponse> => {
    const res = await post(SIWE_API.init, { address });
    if (res.status !== 200) throw new Error(`siwe init answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as SiweInitResponse;
  };

  /** Gets a nonce (unless given) and signs an EIP-4361 message for `wallet`. */
  const signedBody = async (wallet: PrivateKeyAccount, options: SignInOptions = {}): Promise<SignedBody> => {
    const nonce = options.nonce ?? (await init(wallet.address)).nonce;
    const chainId = options.chainId ?? 1;
    const message = createSiweMessage({
      address: wallet.address,
      chainId,
      domain: options.domain ?? new URL(TEST_ORIGIN).host,
      uri: options.uri ?? TEST_ORIGIN,
      nonce,
      version: '1',
      issuedAt: options.issuedAt ?? server.clock.now(),
      expirationTime: options.expirationTime,
      notBefore: options.notBefore,
      statement: 'Sign in to Acme.',
    });
    const signature = await (options.signer ?? wallet).signMessage({ message });
    return {
      message,
      signature,
      chainId: options.bodyChainId ?? `eip155:${chainId}`,
      walletClientType: options.walletClientType ?? 'metamask',
      connectorType: options.connectorType ?? 'injected',
    };
  };

  return {
    post,
    init,
    signedBody,
    authenticate: async (wallet: PrivateKeyAccount, options?: SignInOptions) =>
      post(SIWE_API.authenticate, await signedBody(wallet, options)),
    link: async (token: string, wallet: PrivateKeyAccount, options?: SignInOptions) =>
      post(SIWE_API.link, await signedBody(wallet, options), token),
  };
}
