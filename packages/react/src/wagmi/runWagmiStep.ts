import type { Eip1193Provider } from '@latch/core/wallet';
import type { Config } from 'wagmi';
import { connect, disconnect } from 'wagmi/actions';
import { LATCH_CONNECTOR_ID, type LatchWagmiBinding } from './latchWagmiBinding.js';
import type { WagmiSyncStep } from './wagmiSyncStep.js';

/** Carries out a step of `wagmiSyncStep` on the config: the effects the pure sync returns as data. */
export async function runWagmiStep(
  config: Config,
  binding: LatchWagmiBinding,
  step: Exclude<WagmiSyncStep, { type: 'wait' | 'none' }>,
  providerOf: () => Promise<Eip1193Provider>,
): Promise<void> {
  const connector = config.connectors.find((candidate) => candidate.id === LATCH_CONNECTOR_ID);
  if (!connector) throw new Error('The wagmi config must come from createConfig of @latch/react/wagmi.');
  // Another wallet: wagmi's connect refuses a connector already connected, so it disconnects first.
  if (step.type !== 'connect') await disconnect(config, { connector });
  if (step.type === 'disconnect') return;
  binding.use(await providerOf());
  await connect(config, { connector });
}
