// The context and the state hooks that nearly every screen binds. Imported through this one module, the bundler keeps
// them in one chunk with the context instead of one tiny shared chunk per hook (the bundle budget).
// Hooks that load texts or wallet code with their screens are imported from their own files.
export { useLatchContext } from '../LatchContext.js';
export { useClientState } from './useClientState.js';
export { useEmbeddedWalletRuntime } from './useEmbeddedWalletRuntime.js';
export { useEmbeddedWalletState } from './useEmbeddedWalletState.js';
export { useFlowState } from './useFlowState.js';
export { useKeyExportState } from './useKeyExportState.js';
export { useStrings } from './useStrings.js';
export { useWalletImportState } from './useWalletImportState.js';
