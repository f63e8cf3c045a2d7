import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { type Config, useConnection } from 'wagmi';
import { useClientState, useEmbeddedWalletRuntime } from '../hooks/index.js';
import { useWallets } from '../hooks/useWallets.js';
import { activeWalletOf } from './activeWalletOf.js';
import { LATCH_CONNECTOR_ID, latchWagmiBindingOf } from './latchWagmiBinding.js';
import { runWagmiStep } from './runWagmiStep.js';
import { wagmiSyncStep } from './wagmiSyncStep.js';

/** Keeps wagmi on Latch's active wallet: reads both sides, asks `wagmiSyncStep`, runs the step. Renders nothing. */
export function LatchWagmiSync({ config }: { config: Config }): ReactNode {
  const binding = latchWagmiBindingOf(config);
  // Before any step, the connector wraps the embedded wallet: wagmi's own reconnect on mount asks it.
  const embedded = useEmbeddedWalletRuntime().provider;
  useState(() => binding.use(embedded));
  const { status } = useClientState();
  const { wallets } = useWallets();
  const chosen = useSyncExternalStore(binding.subscribe, binding.getChosen, binding.getChosen);
  const active = activeWalletOf(wallets, chosen);
  const connection = useConnection({ config });
  const latchAddress =
    connection.status === 'connected' && connection.connector.id === LATCH_CONNECTOR_ID ? connection.address : null;
  const synced = useRef<`0x${string}` | null>(null);
  const running = useRef(false);
  // Bumped when a step ends, so the sync looks again even if nothing else changed.
  const [, setRuns] = useState(0);

  useEffect(() => {
    if (running.current) return;
    const latch = { ready: status !== 'loading', target: active?.address ?? null };
    const step = wagmiSyncStep(latch, { status: connection.status, latchAddress }, synced.current);
    if (step.type === 'wait') return;
    synced.current = step.synced;
    if (step.type === 'none') return binding.settle(step.synced);
    running.current = true;
    const wallet = active;
    runWagmiStep(config, binding, step, async () => {
      if (!wallet) throw new Error('No active wallet.');
      return wallet.getEthereumProvider();
    })
      .then(
        () => binding.settle(step.synced),
        (error: unknown) => {
          // No retry: the next change on Latch's side (login, setActiveWallet, reload) tries again.
          console.error('Latch could not connect wagmi to the active wallet.', error);
          binding.settle(step.synced, error);
        },
      )
      .finally(() => {
        running.current = false;
        setRuns((runs) => runs + 1);
      });
  });
  return null;
}
