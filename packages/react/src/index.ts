export type {
  EmbeddedWalletState,
  ExitError,
  HostConfig,
  LogoElement,
  MfaRequest,
  SignRequest,
  ThemeSetting,
} from '@latch/core';
export type { PhoneInputResult } from './components/PhoneInput.js';
export { useIdentityToken } from './hooks/useIdentityToken.js';
export { type UseLatch, useLatch } from './hooks/useLatch.js';
export type { LatchLocale } from './hooks/useLocaleTexts.js';
export { type UseMfa, useMfa } from './hooks/useMfa.js';
export { useMfaEnrollment } from './hooks/useMfaEnrollment.js';
export { type UseSendTransactionCallbacks, useSendTransaction } from './hooks/useSendTransaction.js';
export { useSetWalletPassword } from './hooks/useSetWalletPassword.js';
export { useSignMessage } from './hooks/useSignMessage.js';
export { useSignTypedData } from './hooks/useSignTypedData.js';
export {
  type ConnectedWallet,
  type EmbeddedConnectedWallet,
  type ExternalConnectedWallet,
  useWallets,
} from './hooks/useWallets.js';
export { LatchEmbed } from './LatchEmbed.js';
export { LatchProvider, type LatchProviderProps, type LoginCompleteResult } from './LatchProvider.js';
export { en, type StringCatalogue, type Strings } from './strings/en.js';
export { WIDGET_CSS } from './styles/widgetCss.js';
