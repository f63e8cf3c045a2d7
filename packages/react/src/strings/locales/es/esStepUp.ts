import type { StepUpStrings } from '../../stepUpStrings.js';

/** Spanish ("tú"): the step-up screen. */
export const esStepUp = {
  stepUpTitle: 'Confirma que eres tú',
  stepUpReasonLink: 'Antes de añadir un método de inicio de sesión, confirma con uno que ya usas.',
  stepUpReasonUpdateLogin: 'Antes de cambiar tu inicio de sesión, confirma con un método que ya usas.',
  stepUpReasonUnlink: 'Antes de quitar un método de inicio de sesión, confirma con uno que ya usas.',
  stepUpReasonManageMfa: 'Antes de cambiar tus métodos de verificación, confirma con un método que ya usas.',
  stepUpReasonExport: 'Antes de exportar la clave de tu billetera, confirma con un método que ya usas.',
  stepUpSendCode: 'Enviar un código a {label}',
  stepUpSendCodeToPhone: 'Enviar un código a tu teléfono',
  stepUpPasskey: 'Usar tu llave de acceso',
  stepUpWallet: 'Firmar con {label}',
  stepUpOAuth: 'Confirmar con {provider}',
  stepUpTotp: 'Usar tu app de autenticación',
  stepUpNoFactors:
    'Esta cuenta no tiene ningún método anterior a esta sesión con el que confirmar. Cierra sesión, vuelve a iniciarla e inténtalo otra vez.',
  stepUpLoading: 'Cargando',
  stepUpSending: 'Enviando código…',
  stepUpCodeSent: 'Introduce el código enviado a {destination}',
  stepUpCodeTotp: 'Introduce el código de tu app de autenticación',
  stepUpCodeDigit: 'Dígito {n} de {total}',
  stepUpResend: 'Reenviar código',
  stepUpWaitingPasskey: 'Sigue las indicaciones de tu navegador o dispositivo para continuar.',
  stepUpWaitingWallet: 'Firma el mensaje en tu billetera para continuar.',
  stepUpWaitingOAuth: 'Completa los pasos con {provider} para continuar.',
  stepUpOtherMethod: 'Usar otro método',
  stepUpCancel: 'Cancelar',
  stepUpWrongCode: 'El código de verificación no es válido o ha caducado',
  stepUpDenied: 'La confirmación se canceló o caducó. Inténtalo de nuevo.',
  stepUpFailed: 'Algo salió mal. Inténtalo de nuevo.',
} as const satisfies Record<keyof StepUpStrings, string>;
