import { LatchError } from '@latch/protocol';
import type { CreateConnectorFn } from '@wagmi/core';
import { getAddress, numberToHex, SwitchChainError, UserRejectedRequestError } from 'viem';
import type { Eip1193Provider } from '../externalWallets/eip1193.js';

/** What `latch()` takes: the embedded wallet's EIP-1193 provider (`latch.embeddedWallet.provider`). */
export interface LatchConnectorParameters {
  /** The provider, or a function returning it (read on each use, so a provider made later still works). */
  provider: Eip1193Provider | (() => Eip1193Provider);
  /** The connector's id in wagmi's config and storage (default 'latch'). */
  id?: string;
  /** The name wallet lists show (default 'Latch'). */
  name?: string;
}

type StorageItem = Record<`${string}.disconnected`, true>;
type Listener = (...args: unknown[]) => void;

const isUserRejection = (error: unknown) => (error as { code?: unknown } | null)?.code === 4001;

// wagmi's ChainNotConfiguredError, made here: the connector imports nothing of @wagmi/core at run time, since
// `npm install wagmi` nests @wagmi/core under wagmi where @latch/core cannot resolve it.
const chainNotConfigured = () => Object.assign(new Error('Chain not configured.'), { name: 'ChainNotConfiguredError' });

latch.type = 'latch' as const;

/**
 * A wagmi connector for the Latch embedded wallet: `createConfig({ connectors: [latch({ provider })] })`.
 * It wraps the wallet's EIP-1193 provider; signing and sending go through it (and so through Latch's screens).
 */
export function latch(parameters: LatchConnectorParameters) {
  const id = parameters.id ?? 'latch';
  // wagmi cannot log the user out of an embedded wallet: a flag in wagmi's storage keeps a disconnected
  // connector from reconnecting on the next page load (as wagmi's injected() does).
  const disconnectedKey = `${id}.disconnected` as const;
  const providerOf = () => (typeof parameters.provider === 'function' ? parameters.provider() : parameters.provider);

  // wagmi's createConnector is the identity function: the connector is typed as its result instead.
  const create: CreateConnectorFn<Eip1193Provider, Record<string, unknown>, StorageItem> = (config) => {
    // The provider's events, subscribed while connected (bound once: a listener is removed by identity).
    let listening: { provider: Eip1193Provider; handlers: [string, Listener][] } | null = null;
    const accountsOf = async (method: 'eth_accounts' | 'eth_requestAccounts') => {
      const accounts = (await providerOf().request({ method })) as string[];
      return accounts.map((account) => getAddress(account));
    };
    const stopListening = () => {
      for (const [event, handler] of listening?.handlers ?? []) listening?.provider.removeListener?.(event, handler);
      listening = null;
    };

    const connector: ReturnType<CreateConnectorFn<Eip1193Provider>> = {
      id,
      name: parameters.name ?? 'Latch',
      type: latch.type,
      async connect({ chainId, withCapabilities } = {}) {
        const accounts = await accountsOf('eth_requestAccounts');
        // The embedded wallet exists only for a signed-in user who has one: nothing to connect otherwise.
        if (accounts.length === 0) throw new LatchError('embedded_wallet_not_found');
        let current = await connector.getChainId();
        if (chainId !== undefined && chainId !== current) {
          current = (await (connector.switchChain as NonNullable<typeof connector.switchChain>)({ chainId })).id;
        }
        await config.storage?.removeItem(disconnectedKey);
        startListening();
        return {
          accounts: (withCapabilities ? accounts.map((address) => ({ address, capabilities: {} })) : accounts) as never,
          chainId: current,
        };
      },
      async disconnect() {
        stopListening();
        await config.storage?.setItem(disconnectedKey, true);
      },
      getAccounts: () => accountsOf('eth_accounts'),
      async getChainId() {
        return Number(await providerOf().request({ method: 'eth_chainId' }));
      },
      async getProvider() {
        return providerOf();
      },
      async isAuthorized() {
        if (await config.storage?.getItem(disconnectedKey)) return false;
        const accounts = await accountsOf('eth_accounts');
        if (accounts.length > 0) startListening();
        return accounts.length > 0;
      },
      async switchChain({ chainId }) {
        const chain = config.chains.find((candidate) => candidate.id === chainId);
        if (!chain) throw new SwitchChainError(chainNotConfigured());
        try {
          await providerOf().request({
            method: 'wallet_switchEthereumChain',
            params: [{ chainId: numberToHex(chainId) }],
          });
        } catch (error) {
          if (isUserRejection(error)) throw new UserRejectedRequestError(error as Error);
          throw new SwitchChainError(error as Error);
        }
        // The provider emits chainChanged too; wagmi's state must not depend on whether it did.
        config.emitter.emit('change', { chainId });
        return chain;
      },
      onAccountsChanged(accounts) {
        if (accounts.length === 0) connector.onDisconnect();
        else config.emitter.emit('change', { accounts: accounts.map((account) => getAddress(account)) });
      },
      onChainChanged(chainId) {
        config.emitter.emit('change', { chainId: Number(chainId) });
      },
      onDisconnect() {
        stopListening();
        config.emitter.emit('disconnect');
      },
    };

    function startListening() {
      if (listening) return;
      const provider = providerOf();
      const handlers: [string, Listener][] = [
        ['accountsChanged', (accounts) => connector.onAccountsChanged(accounts as string[])],
        ['chainChanged', (chainId) => connector.onChainChanged(String(chainId))],
        ['disconnect', () => connector.onDisconnect()],
      ];
      for (const [event, handler] of handlers) provider.on?.(event, handler);
      listening = { provider, handlers };
    }

    return connector;
  };
  return create;
}
