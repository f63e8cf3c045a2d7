import {
  caip2ChainId,
  LatchError,
  SIWE_API,
  SIWE_STATEMENT,
  type SiweInitResponse,
  type TokenResponse,
  type User,
} from '@latch/protocol';
import type { UrlAccess } from '../session/returnParams.js';
import { type ActionContext, type LoginResult, sendForUser, sendOpen, signIn } from './context.js';

/** A connected external wallet that can sign the sign-in message (a connector plus its connection). */
export interface SiweWallet {
  address: string;
  chainId: number;
  walletClientType: string;
  connectorType: string;
  /** Signs a UTF-8 message with the wallet (personal_sign). */
  signMessage(message: string): Promise<string>;
}

/** Sign-In with Ethereum actions (SPEC §7 "Wallet signature"). */
export interface WalletActions {
  /** Logs in (or signs up) with an external wallet: nonce, EIP-4361 message, signature, authenticate. */
  loginWithWallet(wallet: SiweWallet, captchaToken?: string): Promise<LoginResult>;
  /** Links an external wallet to the signed-in user by the same signed message. */
  linkWallet(wallet: SiweWallet, captchaToken?: string): Promise<User>;
  /** Unlinks the external wallet `address` from the signed-in user. */
  unlinkWallet(address: string): Promise<User>;
}

/** The page the message is bound to: its host is the EIP-4361 domain, its origin the URI. */
function pageOrigin(url: UrlAccess): URL {
  const href = url.href();
  if (href === null) throw new LatchError('invalid_data', 'Signing in with a wallet needs a page address.');
  return new URL(href);
}

/** Builds and signs the sign-in message; the body of authenticate and link. */
async function signedBody(ctx: ActionContext, url: UrlAccess, wallet: SiweWallet, captchaToken?: string) {
  const page = pageOrigin(url);
  const { nonce } = await sendOpen<SiweInitResponse>(ctx, SIWE_API.init, {
    address: wallet.address,
    token: captchaToken,
  });
  // viem's EIP-4361 writer loads with the first wallet login, not with the page.
  const { createSiweMessage } = await import('viem/siwe');
  const message = createSiweMessage({
    domain: page.host,
    uri: page.origin,
    address: wallet.address as `0x${string}`,
    chainId: wallet.chainId,
    nonce,
    version: '1',
    statement: SIWE_STATEMENT,
    issuedAt: new Date(ctx.clock.now()),
  });
  const signature = await wallet.signMessage(message);
  return {
    message,
    signature,
    chainId: caip2ChainId(wallet.chainId),
    walletClientType: wallet.walletClientType,
    connectorType: wallet.connectorType,
  };
}

/** Builds the wallet actions; `url` gives the page the sign-in message names. */
export function walletActions(ctx: ActionContext, url: UrlAccess): WalletActions {
  return {
    async loginWithWallet(wallet, captchaToken) {
      const body = await signedBody(ctx, url, wallet, captchaToken);
      return signIn(ctx, await sendOpen<TokenResponse>(ctx, SIWE_API.authenticate, body));
    },
    async linkWallet(wallet, captchaToken) {
      if (!ctx.session.hasSession()) throw new LatchError('must_be_authenticated');
      return sendForUser(ctx, SIWE_API.link, await signedBody(ctx, url, wallet, captchaToken));
    },
    unlinkWallet: (address) => sendForUser(ctx, SIWE_API.unlink, { address: address.trim() }),
  };
}
