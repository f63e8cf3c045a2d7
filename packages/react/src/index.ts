export type { EmbeddedWalletState, ExitError, SignRequest } from '@latch/core';
export type { PhoneInputResult } from './components/PhoneInput.js';
export { useSetWalletPassword } from './embeddedWallet/useSetWalletPassword.js';
export { useSignMessage, useSignTypedData } from './embeddedWallet/useSignMessage.js';
export {
  type ConnectedWallet,
  type EmbeddedConnectedWallet,
  type ExternalConnectedWallet,
  useWallets,
} from './embeddedWallet/useWallets.js';
export { LatchEmbed } from './LatchEmbed.js';
export { LatchProvider, type LatchProviderProps, type LoginCompleteResult } from './LatchProvider.js';
export { en, type StringCatalogue, type Strings } from './strings/en.js';
export { WIDGET_CSS } from './styles/widgetCss.js';
export { type UseLatch, useLatch } from './useLatch.js';
