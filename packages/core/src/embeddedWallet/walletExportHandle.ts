import { createStore } from '../machine/createStore.js';
import type { KeyExportState } from './keyExportFlow.js';
import type { ExportPageOptions, WalletExporter } from './walletExporter.js';

/**
 * The runtime's `exporter`: subscribable at once, while the export logic (connecting, the 1 s
 * minimum) loads on the first `exportWallet()` — it is not needed for the landing screen.
 */
export function createWalletExportHandle(options: Parameters<typeof createLoaded>[0]): WalletExporter {
  // Relays the loaded exporter's changes; its value is unused (`getState` reads the exporter).
  const changes = createStore(null);
  let loaded: WalletExporter | null = null;
  let loading: Promise<WalletExporter> | null = null;
  const load = () => {
    loading ??= createLoaded(options).then((exporter) => {
      loaded = exporter;
      exporter.subscribe(changes.notify);
      return exporter;
    });
    return loading;
  };
  return {
    page: options.page,
    getState: (): KeyExportState | null => loaded?.getState() ?? null,
    subscribe: changes.subscribe,
    exportWallet: async () => (await load()).exportWallet(),
    fail: () => loaded?.fail(),
    openPage: async (view) => (loaded ? loaded.openPage(view) : null),
    close: () => loaded?.close(),
    destroy() {
      loaded?.destroy();
      changes.close();
    },
  };
}

async function createLoaded(
  options: Parameters<typeof import('./walletExporter.js').createWalletExporter>[0] & { page: ExportPageOptions },
): Promise<WalletExporter> {
  const { createWalletExporter } = await import('./walletExporter.js');
  return createWalletExporter(options);
}
