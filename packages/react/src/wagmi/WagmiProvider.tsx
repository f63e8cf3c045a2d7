import type { ReactNode } from 'react';
import { type Config, type State, WagmiProvider as WagmiBaseProvider } from 'wagmi';
import { LatchWagmiSync } from './LatchWagmiSync.js';

/** Props of <WagmiProvider>: wagmi's own, with a config from @latch/react/wagmi's `createConfig`. */
export interface WagmiProviderProps {
  config: Config;
  initialState?: State;
  reconnectOnMount?: boolean;
  children?: ReactNode;
}

/**
 * wagmi's provider, kept in step with Latch: connected to the active wallet after login and after a reload,
 * switched by `setActiveWallet`, disconnected on logout. Place it inside <LatchProvider> and the host's
 * QueryClientProvider.
 */
export function WagmiProvider({ config, children, ...options }: WagmiProviderProps): ReactNode {
  return (
    <WagmiBaseProvider config={config} {...options}>
      <LatchWagmiSync config={config} />
      {children}
    </WagmiBaseProvider>
  );
}
