import { ERROR_CATALOGUE, LatchError } from '@latch/protocol';
import { CustodyError } from './keys/custodyError.js';
import { GENERIC_WALLET_ERROR } from './walletErrorReply.js';

/** The texts of the export page (the frame's own page); SPEC gives the host screens' texts, not these. */
export interface ExportPageText {
  loading: string;
  codePrompt(destination: string): string;
  codeLabel: string;
  verify: string;
  verifying: string;
  codeFormat: string;
  wrongCode: string;
  tooManyRequests: string;
  noVerifiedChannel: string;
  notOnDevice: string;
  /** The server wants an MFA verification for the export first: the host runs 'Verify your identity' and reopens the page. */
  mfaRequired: string;
  keyLabel: string;
  reveal: string;
  hide: string;
  copy: string;
  copied: string;
  error: string;
}

/** The export page in English (the default). */
export const EXPORT_PAGE_TEXT: ExportPageText = {
  loading: 'Loading…',
  codePrompt: (destination) => `Enter the code we sent to ${destination}`,
  codeLabel: 'Verification code',
  verify: 'Verify',
  verifying: 'Verifying…',
  codeFormat: 'Enter the 6-digit code.',
  wrongCode: 'That code is wrong or has expired. Check it and try again.',
  tooManyRequests: 'Too many attempts. Please wait before trying again.',
  noVerifiedChannel: ERROR_CATALOGUE.no_verified_channel.message,
  notOnDevice: 'This device has no share of the wallet. Recover the wallet on this device first.',
  mfaRequired: 'Verify your identity to export your wallet.',
  keyLabel: 'Your private key',
  reveal: 'Reveal',
  hide: 'Hide',
  copy: 'Copy key',
  copied: 'Copied',
  error: GENERIC_WALLET_ERROR,
};

/** The export page in Spanish (tú), as the widget's `es` locale words it. */
export const EXPORT_PAGE_TEXT_ES: ExportPageText = {
  loading: 'Cargando…',
  codePrompt: (destination) => `Introduce el código que enviamos a ${destination}`,
  codeLabel: 'Código de verificación',
  verify: 'Verificar',
  verifying: 'Verificando…',
  codeFormat: 'Introduce el código de 6 dígitos.',
  wrongCode: 'El código no es correcto o ha caducado. Revísalo y vuelve a intentarlo.',
  tooManyRequests: 'Demasiados intentos. Espera un momento antes de volver a intentarlo.',
  noVerifiedChannel: 'Vincula un correo electrónico o un número de teléfono a tu cuenta para exportar tu billetera.',
  notOnDevice:
    'Este dispositivo no tiene ninguna parte de la billetera. Recupera primero la billetera en este dispositivo.',
  mfaRequired: 'Verifica tu identidad para exportar tu billetera.',
  keyLabel: 'Tu clave privada',
  reveal: 'Mostrar',
  hide: 'Ocultar',
  copy: 'Copiar clave',
  copied: 'Copiada',
  error: 'Se produjo un error. Vuelve a intentarlo.',
};

/** The export page's texts for its `locale` query value (the widget's locale): Spanish for `es`/`es-…`, else English. */
export function exportPageText(locale: string | null): ExportPageText {
  return locale === 'es' || locale?.startsWith('es-') ? EXPORT_PAGE_TEXT_ES : EXPORT_PAGE_TEXT;
}

/** The export page's text for a failure: clear texts for what the user can act on, else the generic one. */
export function exportErrorText(error: unknown, text: ExportPageText = EXPORT_PAGE_TEXT): string {
  if (error instanceof CustodyError && error.code === 'device_share_missing') return text.notOnDevice;
  if (!(error instanceof LatchError)) return text.error;
  if (error.code === 'missing_or_invalid_mfa') return text.mfaRequired;
  if (error.status === 429 || error.code === 'too_many_requests') return text.tooManyRequests;
  if (error.code === 'no_verified_channel') return text.noVerifiedChannel;
  if (error.code === 'invalid_credentials' || error.code === 'step_up_required') return text.wrongCode;
  if (error.code === 'invalid_data' || error.code === 'invalid_request_arguments') return text.codeFormat;
  if (error.code === 'wallet_not_on_device') return text.notOnDevice;
  return text.error;
}

/**
 * The texts of the frame's confirmation: SPEC's words of EMBEDDED_WALLET_SIGN_REQUEST_SCREEN
 * and EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN, as the widget shows them ('{token}' is the native symbol).
 */
export interface ConfirmationText {
  signTitle: string;
  signDescription: string;
  signButton: string;
  sendTitle: string;
  reviewTitle: string;
  from: string;
  to: string;
  action: string;
  network: string;
  data: string;
  fees: string;
  total: string;
  submit: string;
  cancel: string;
  sendAction: string;
  contractCallAction: string;
  deployAction: string;
  /** A click that came too early or while the frame was covered: the user is told to look and click again. */
  notYet: string;
  bytes(count: number): string;
  chain(id: number): string;
}

/** The confirmation in English (the default). */
const CONFIRMATION_TEXT: ConfirmationText = {
  signTitle: 'Sign message',
  signDescription: 'Signing this message will not cost you any fees.',
  signButton: 'Sign and continue',
  sendTitle: 'Send {token}',
  reviewTitle: 'Review transaction',
  from: 'From',
  to: 'To',
  action: 'Action',
  network: 'Network',
  data: 'Data',
  fees: 'Est. Fees',
  total: 'Total (including fees)',
  submit: 'Submit',
  cancel: 'Cancel',
  sendAction: 'Send {token}',
  contractCallAction: 'Contract call',
  deployAction: 'Deploy contract',
  notYet: 'Check the request, then click again.',
  bytes: (count) => `${count} bytes`,
  chain: (id) => `Chain ${id}`,
};

/** The confirmation in Spanish (tú), with the widget's `es` words. */
export const CONFIRMATION_TEXT_ES: ConfirmationText = {
  signTitle: 'Firmar mensaje',
  signDescription: 'Firmar este mensaje no te costará ninguna comisión.',
  signButton: 'Firmar y continuar',
  sendTitle: 'Enviar {token}',
  reviewTitle: 'Revisar transacción',
  from: 'De',
  to: 'Para',
  action: 'Acción',
  network: 'Red',
  data: 'Datos',
  fees: 'Comisiones est.',
  total: 'Total (comisiones incluidas)',
  submit: 'Enviar',
  cancel: 'Cancelar',
  sendAction: 'Enviar {token}',
  contractCallAction: 'Llamada a contrato',
  deployAction: 'Desplegar contrato',
  notYet: 'Revisa la solicitud y vuelve a hacer clic.',
  bytes: (count) => `${count} bytes`,
  chain: (id) => `Cadena ${id}`,
};

/** The texts of the frame's import form (issue #32): the private key is typed here, never in the host page. */
export interface ImportText {
  /** The document's language while the form shows. */
  lang: 'en' | 'es';
  title: string;
  description: string;
  keyLabel: string;
  importButton: string;
  importing: string;
  cancel: string;
  invalidKey: string;
}

const IMPORT_TEXT: ImportText = {
  lang: 'en',
  title: 'Import wallet',
  description: 'Enter the private key of the wallet to import. It stays in this secure window: the app never sees it.',
  keyLabel: 'Private key',
  importButton: 'Import',
  importing: 'Importing…',
  cancel: 'Cancel',
  invalidKey: 'This is not a valid private key: 64 hexadecimal characters, with or without 0x.',
};

const IMPORT_TEXT_ES: ImportText = {
  lang: 'es',
  title: 'Importar billetera',
  description:
    'Introduce la clave privada de la billetera que quieres importar. Se queda en esta ventana segura: la app nunca la ve.',
  keyLabel: 'Clave privada',
  importButton: 'Importar',
  importing: 'Importando…',
  cancel: 'Cancelar',
  invalidKey: 'Esta no es una clave privada válida: 64 caracteres hexadecimales, con o sin 0x.',
};

/** The import form's texts for the widget's locale: Spanish for `es`/`es-…`, else English. */
export function importText(locale: string | null | undefined): ImportText {
  return locale === 'es' || locale?.startsWith('es-') ? IMPORT_TEXT_ES : IMPORT_TEXT;
}

/** The confirmation's texts for the widget's locale: Spanish for `es`/`es-…`, else English. */
export function confirmationText(locale: string | null | undefined): ConfirmationText {
  return locale === 'es' || locale?.startsWith('es-') ? CONFIRMATION_TEXT_ES : CONFIRMATION_TEXT;
}
