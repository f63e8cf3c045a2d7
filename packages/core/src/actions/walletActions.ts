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

/** The account a sign-in message is written for. */
export interface SiweAccount {
  address: string;
  chainId: number;
}

/** A connected external wallet that can sign the sign-in message (a connector plus its connection). */
export interface SiweWallet extends SiweAccount {
  walletClientType: string;
  connectorType: string;
  /** Signs a UTF-8 message with the wallet (personal_sign). */
  signMessage(message: string): Promise<string>;
}

/** An EIP-4361 message written before the wallet is asked, around a nonce from /siwe/init. */
export interface PreparedSiweMessage extends SiweAccount {
  nonce: string;
  message: string;
}

/** A signed sign-in message and the wallet's types: the body of /siwe/authenticate and /siwe/link. */
export interface SignedSiweMessage {
  message: string;
  signature: string;
  chainId: number;
  walletClientType: string;
  connectorType: string;
}

/** Sign-In with Ethereum actions (SPEC §7 "Wallet signature"). */
export interface WalletActions {
  /**
   * Asks /siwe/init for a nonce and writes the EIP-4361 message for `account`, so that the wallet can be asked
   * later with nothing to wait for (Safari and popup wallets need the request inside the user's tap).
   */
  prepareWalletSignIn(account: SiweAccount, captchaToken?: string): Promise<PreparedSiweMessage>;
  /** Logs in (or signs up) with a prepared message the wallet signed. */
  loginWithWalletSignature(signed: SignedSiweMessage): Promise<LoginResult>;
  /** Links the wallet that signed a prepared message to the signed-in user. */
  linkWalletSignature(signed: SignedSiweMessage): Promise<User>;
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

/** The body of authenticate and link. */
const wireBody = (signed: SignedSiweMessage) => ({ ...signed, chainId: caip2ChainId(signed.chainId) });

/** Builds the wallet actions; `url` gives the page the sign-in message names. */
export function walletActions(ctx: ActionContext, url: UrlAccess): WalletActions {
  const actions: WalletActions = {
    async prepareWalletSignIn({ address, chainId }, captchaToken) {
      const page = pageOrigin(url);
      const { nonce } = await sendOpen<SiweInitResponse>(ctx, SIWE_API.init, { address, token: captchaToken });
      // viem's EIP-4361 writer loads with the first wallet login, not with the page.
      const { createSiweMessage } = await import('viem/siwe');
      const message = createSiweMessage({
        domain: page.host,
        uri: page.origin,
        address: address as `0x${string}`,
        chainId,
        nonce,
        version: '1',
        statement: SIWE_STATEMENT,
        issuedAt: new Date(ctx.clock.now()),
      });
      return { address, chainId, nonce, message };
    },
    loginWithWalletSignature: async (signed) =>
      signIn(ctx, await sendOpen<TokenResponse>(ctx, SIWE_API.authenticate, wireBody(signed))),
    async linkWalletSignature(signed) {
      if (!ctx.session.hasSession()) throw new LatchError('must_be_authenticated');
      return sendForUser(ctx, SIWE_API.link, wireBody(signed));
    },
    loginWithWallet: async (wallet, captchaToken) =>
      actions.loginWithWalletSignature(
        await signPrepared(wallet, await actions.prepareWalletSignIn(wallet, captchaToken)),
      ),
    async linkWallet(wallet, captchaToken) {
      if (!ctx.session.hasSession()) throw new LatchError('must_be_authenticated');
      return actions.linkWalletSignature(
        await signPrepared(wallet, await actions.prepareWalletSignIn(wallet, captchaToken)),
      );
    },
    unlinkWallet: (address) => sendForUser(ctx, SIWE_API.unlink, { address: address.trim() }),
  };
  return actions;
}

/** Asks `wallet` to sign a prepared message. */
async function signPrepared(wallet: SiweWallet, prepared: PreparedSiweMessage): Promise<SignedSiweMessage> {
  return {
    message: prepared.message,
    signature: await wallet.signMessage(prepared.message),
    chainId: prepared.chainId,
    walletClientType: wallet.walletClientType,
    connectorType: wallet.connectorType,
  };
}
