/** Loads the key export messaging (`embeddedWalletExportUrl`, `startKeyExport`) when an export opens. */
export const loadKeyExport = () => import('./exportFrame.js');
