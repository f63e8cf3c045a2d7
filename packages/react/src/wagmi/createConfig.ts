import { latch } from '@latch/core/wagmi';
import type { Chain } from 'viem';
import {
  type Config,
  type CreateConfigParameters,
  type CreateConnectorFn,
  createConfig as createWagmiConfig,
  type Transport,
} from 'wagmi';
import { createLatchWagmiBinding, LATCH_CONNECTOR_ID, registerBinding } from './latchWagmiBinding.js';

/**
 * wagmi's `createConfig` with the Latch connector added first: chains, transports, storage and the host's
 * own connectors as wagmi takes them. Place the config in @latch/react/wagmi's `<WagmiProvider>`.
 */
export function createConfig<
  const chains extends readonly [Chain, ...Chain[]],
  transports extends Record<chains[number]['id'], Transport>,
  const connectorFns extends readonly CreateConnectorFn[] = readonly [],
>(parameters: CreateConfigParameters<chains, transports, connectorFns>): Config<chains, transports> {
  const binding = createLatchWagmiBinding();
  // The connector reads the active wallet's provider on each use: <WagmiProvider> sets it from Latch.
  const connector = latch({ id: LATCH_CONNECTOR_ID, provider: () => binding.provider() });
  const config = createWagmiConfig({
    ...parameters,
    connectors: [connector as CreateConnectorFn, ...(parameters.connectors ?? [])],
  } as CreateConfigParameters<chains, transports>);
  registerBinding(config, binding);
  return config;
}
