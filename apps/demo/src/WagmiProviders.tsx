// docs/wagmi.md's setup, line for line (apps/demo/src/wagmiDoc.test.ts holds them together); lines marked
// "demo only" read the demo's query and let the page sign without the sign screen (headless signing).
import { LatchProvider } from '@latch/react';
import { createConfig, WagmiProvider } from '@latch/react/wagmi';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { http } from 'viem';
import { foundry } from 'viem/chains';
import { readDemoSettings } from './demoSettings.js'; // demo only

const settings = readDemoSettings(window.location.search, import.meta.env as Record<string, string | undefined>); // demo only

// anvil's chain (id 31337, http://127.0.0.1:8545), for wagmi and for Latch's wallet alike.
const config = createConfig({ chains: [foundry], transports: { [foundry.id]: http() } });
const queryClient = new QueryClient();

export function Providers({ children }: { children: ReactNode }) {
  return (
    <LatchProvider
      appId={settings.appId}
      clientId={settings.clientId}
      apiUrl={settings.apiUrl}
      chains={{ supportedChains: [foundry], defaultChain: foundry }}
      embeddedWallets={{ noPromptOnSignature: true }} // demo only
      fiatOnRamp={{ useSandbox: true }} // demo only: the dev stand-in's sandbox keys (apps/dev-idp)
    >
      <QueryClientProvider client={queryClient}>
        <WagmiProvider config={config}>{children}</WagmiProvider>
      </QueryClientProvider>
    </LatchProvider>
  );
}
