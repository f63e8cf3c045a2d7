import { isHex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { Eip1193Provider, Eip1193RequestArguments } from '../eip1193.js';
import { WalletProviderError } from '../eip1193.js';

/** How the fake wallet answers one method: a value, an EIP-1193 error code, or never. */
export type FakeWalletAnswer = { result: unknown } | { errorCode: number } | 'hang';

/** A stand-in for a third-party injected wallet: real signatures with a viem key, scripted answers otherwise. */
export interface FakeEip1193Provider extends Eip1193Provider {
  /** Every request received, in order. */
  calls: Eip1193RequestArguments[];
  /** Makes the next calls of `method` answer this way, once each, in order. */
  script(method: string, ...answers: FakeWalletAnswer[]): void;
  chainId: number;
  isMetaMask?: boolean;
  /** Emits a provider event (accountsChanged, chainChanged, disconnect) to the listeners. */
  emit(event: string, ...args: unknown[]): void;
  /** How many listeners are registered, for leak checks. */
  listenerCount(): number;
}

/** Creates a fake EIP-1193 wallet for `account` on `chainId` (personal_sign signs for real). */
export function createFakeEip1193Provider(account: PrivateKeyAccount, chainId = 1): FakeEip1193Provider {
  const scripted = new Map<string, FakeWalletAnswer[]>();
  const calls: Eip1193RequestArguments[] = [];
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const provider: FakeEip1193Provider = {
    calls,
    chainId,
    on(event, listener) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    emit(event, ...args) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(...args);
    },
    listenerCount: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
    script(method, ...answers) {
      scripted.set(method, [...(scripted.get(method) ?? []), ...answers]);
    },
    async request(args) {
      calls.push(args);
      const answer = scripted.get(args.method)?.shift();
      if (answer === 'hang') return new Promise(() => {});
      if (answer && 'errorCode' in answer)
        throw new WalletProviderError(answer.errorCode, `fake error ${answer.errorCode}`);
      if (answer) return answer.result;
      const params = (args.params ?? []) as unknown[];
      switch (args.method) {
        case 'eth_chainId':
          return `0x${provider.chainId.toString(16)}`;
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [account.address.toLowerCase()];
        case 'wallet_revokePermissions':
          return null;
        case 'wallet_switchEthereumChain':
          provider.chainId = Number.parseInt(String((params[0] as { chainId: string }).chainId), 16);
          // EIP-1193: a provider emits chainChanged when its chain changes.
          provider.emit('chainChanged', `0x${provider.chainId.toString(16)}`);
          return null;
        case 'personal_sign': {
          const [message, address] = params as [string, string];
          if (address.toLowerCase() !== account.address.toLowerCase())
            throw new WalletProviderError(4100, 'unknown account');
          return account.signMessage({ message: isHex(message) ? { raw: message } : message });
        }
        default:
          throw new WalletProviderError(4200, `unsupported method ${args.method}`);
      }
    },
  };
  return provider;
}
