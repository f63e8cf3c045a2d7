// The `@latch/react/wagmi` entry: only hosts that use wagmi import it (wagmi, viem and @tanstack/react-query
// are optional peers of @latch/react); the main entry never loads it.
export { createConfig } from './createConfig.js';
export { useSetActiveWallet } from './useSetActiveWallet.js';
export { WagmiProvider, type WagmiProviderProps } from './WagmiProvider.js';
