import type { AppConfig } from '@latch/protocol';
import type { FlowContext } from './flowTypes.js';

/** The parts of the app config the flows need, with whether a wallet creator is registered. */
export function flowContextOf(config: AppConfig | null, canCreateEmbeddedWallet: boolean): FlowContext {
  return {
    requireUsersAcceptTerms: config?.legal.requireUsersAcceptTerms ?? false,
    createOnLogin: config?.embeddedWallets.createOnLogin ?? 'off',
    canCreateEmbeddedWallet,
  };
}
