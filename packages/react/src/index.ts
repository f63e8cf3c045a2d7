export type {
  EmbeddedWalletState,
  ExitError,
  HeadlessState,
  HostConfig,
  LoginCompleteResult,
  LoginRequest,
  LogoElement,
  MfaRequest,
  SignRequest,
  ThemeSetting,
  TransactionRequest,
} from '@latch/core';
export type { PhoneInputResult } from './components/PhoneInput.js';
export { type CreateWalletCallbacks, useCreateWallet } from './hooks/useCreateWallet.js';
export { useFarcaster } from './hooks/useFarcaster.js';
export { useFundWallet } from './hooks/useFundWallet.js';
export type { HeadlessLoginCallbacks } from './hooks/useHeadlessLogin.js';
export { useIdentityToken } from './hooks/useIdentityToken.js';
export { type UseLatch, useLatch } from './hooks/useLatch.js';
export type { LatchLocale } from './hooks/useLocaleTexts.js';
export { type UseLoginCallbacks, useLogin } from './hooks/useLogin.js';
export { type CodeLoginStatus, useLoginWithEmail } from './hooks/useLoginWithEmail.js';
export { useLoginWithOAuth } from './hooks/useLoginWithOAuth.js';
export { useLoginWithPasskey } from './hooks/useLoginWithPasskey.js';
export { useLoginWithSiwe } from './hooks/useLoginWithSiwe.js';
export { useLoginWithSms } from './hooks/useLoginWithSms.js';
export { useLogout } from './hooks/useLogout.js';
export { type UseMfa, useMfa } from './hooks/useMfa.js';
export { useMfaEnrollment } from './hooks/useMfaEnrollment.js';
export {
  type TransactionOptions,
  type UseSendTransactionCallbacks,
  useSendTransaction,
} from './hooks/useSendTransaction.js';
export { useSetWalletPassword } from './hooks/useSetWalletPassword.js';
export { useSetWalletRecovery } from './hooks/useSetWalletRecovery.js';
export { type SignOptions, useSignMessage } from './hooks/useSignMessage.js';
export { useSignTransaction } from './hooks/useSignTransaction.js';
export { useSignTypedData } from './hooks/useSignTypedData.js';
export {
  type ConnectedWallet,
  type EmbeddedConnectedWallet,
  type ExternalConnectedWallet,
  useWallets,
} from './hooks/useWallets.js';
export { LatchEmbed } from './LatchEmbed.js';
export { LatchProvider, type LatchProviderProps } from './LatchProvider.js';
export { en, type StringCatalogue, type Strings } from './strings/en.js';
export { WIDGET_CSS } from './styles/widgetCss.js';
