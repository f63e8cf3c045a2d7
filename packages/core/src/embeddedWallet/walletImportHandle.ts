import { createStore } from '../machine/createStore.js';
import type { WalletImporter, WalletImporterOptions } from './walletImporter.js';
import type { WalletImportState } from './walletImportFlow.js';

/**
 * The runtime's `importer`: subscribable at once, while the import logic loads on the first `importWallet()`
 * (like the exporter: not needed for the landing screen).
 */
export function createWalletImportHandle(options: WalletImporterOptions): WalletImporter {
  // Relays the loaded importer's changes; its value is unused (`getState` reads the importer).
  const changes = createStore(null);
  let loaded: WalletImporter | null = null;
  let loading: Promise<WalletImporter> | null = null;
  const load = () => {
    loading ??= import('./walletImporter.js').then((module) => {
      loaded = module.createWalletImporter(options);
      loaded.subscribe(changes.notify);
      return loaded;
    });
    return loading;
  };
  return {
    getState: (): WalletImportState | null => loaded?.getState() ?? null,
    subscribe: changes.subscribe,
    importWallet: async (user) => (await load()).importWallet(user),
    dispatch: (event) => loaded?.dispatch(event),
    close: () => loaded?.close(),
    destroy() {
      loaded?.destroy();
      changes.close();
    },
  };
}
