import { LatchError, type User } from '@latch/protocol';
import { WalletProviderError } from '../externalWallets/eip1193.js';
import type { EmbeddedWalletController } from './embeddedWalletController.js';
import { embeddedWalletOf } from './embeddedWalletController.js';

/** What the sign request screen shows for a personal_sign message: hex that is readable UTF-8 text is shown as that text (as wallets do). */
export function shownMessage(message: string): string {
  if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(message)) return message;
  const bytes = new Uint8Array(message.length / 2 - 1);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(message.slice(2 + i * 2, 4 + i * 2), 16);
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // Control characters other than whitespace mean binary data: keep the hex.
    const binary = [...text].some((c) => {
      const code = c.charCodeAt(0);
      return code < 0x09 || (code > 0x0d && code < 0x20) || code === 0x7f;
    });
    return binary ? message : text;
  } catch {
    return message;
  }
}

/** An EIP-1193 request. */
export interface Eip1193Request {
  method: string;
  params?: readonly unknown[] | Record<string, unknown>;
}

/** The embedded wallet's EIP-1193 provider (enough for viem's custom transport and wagmi's injected connector). */
export interface EmbeddedWalletProvider {
  request(request: Eip1193Request): Promise<unknown>;
}

/**
 * The EIP-1193 provider of the user's embedded wallet: accounts and chain id locally, signing
 * (personal_sign, eth_signTypedData_v4) through `sign` — the host decides whether a screen asks first.
 * Checked before any prompt (SPEC §5): a user without an embedded wallet → embedded_wallet_not_found,
 * a message that is not a non-empty string → invalid_message.
 */
export function createEmbeddedWalletProvider(options: {
  getUser(): User | null;
  controller: Pick<EmbeddedWalletController, 'signMessage' | 'signTypedData'>;
  /** Chain id reported by eth_chainId (default 1). */
  chainId?: number;
  /** Wraps a signature (e.g. behind the sign request screen); default: sign at once. */
  sign?<T>(kind: 'message' | 'typedData', payload: unknown, run: () => Promise<T>): Promise<T>;
}): EmbeddedWalletProvider {
  const sign = options.sign ?? ((_kind, _payload, run) => run());
  const current = () => {
    const user = options.getUser();
    const wallet = embeddedWalletOf(user);
    if (!user) throw new LatchError('must_be_authenticated');
    if (!wallet) throw new LatchError('embedded_wallet_not_found');
    return { user, wallet };
  };
  const params = (request: Eip1193Request) => (Array.isArray(request.params) ? request.params : []);
  // A signature for another account than the embedded wallet's is refused (EIP-1193 4100: unauthorized).
  const ownAccount = (wallet: { address: string }, requested: unknown) => {
    if (typeof requested === 'string' && requested.toLowerCase() !== wallet.address.toLowerCase()) {
      throw new WalletProviderError(4100, 'The requested account is not the embedded wallet.');
    }
  };
  return {
    async request(request) {
      switch (request.method) {
        case 'eth_accounts':
        case 'eth_requestAccounts': {
          const wallet = embeddedWalletOf(options.getUser());
          return wallet ? [wallet.address] : [];
        }
        case 'eth_chainId':
          return `0x${(options.chainId ?? 1).toString(16)}`;
        case 'personal_sign': {
          const { user, wallet } = current();
          const [message, account] = params(request);
          ownAccount(wallet, account);
          if (typeof message !== 'string' || message.length === 0) throw new LatchError('invalid_message');
          return sign('message', shownMessage(message), () => options.controller.signMessage(user, message as string));
        }
        case 'eth_signTypedData_v4': {
          const { user, wallet } = current();
          const [account, typedData] = params(request);
          ownAccount(wallet, account);
          return sign('typedData', typedData, () =>
            options.controller.signTypedData(user, typedData as string | Record<string, unknown>),
          );
        }
        default:
          throw new WalletProviderError(4200, `The embedded wallet does not support ${request.method}.`);
      }
    },
  };
}
