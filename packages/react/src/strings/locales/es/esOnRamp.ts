import type { OnRampStrings } from '../../onRampStrings.js';

/** Spanish ("tú"): the on-ramp screens. */
export const esOnRamp = {
  onRampTitle: 'Recargar cuenta',
  onRampIntro:
    'Compra criptomonedas con tarjeta o transferencia bancaria. {provider} se abre en una pestaña nueva; vuelve aquí para seguir tu compra.',
  onRampWalletLabel: 'Billetera',
  onRampAssetLabel: 'Compras',
  onRampAmountLabel: 'Cantidad',
  onRampContinue: 'Continuar a {provider}',
  onRampPreparing: 'Preparando tu compra',
  onRampSignFailed: 'No se pudo iniciar tu compra.',
  onRampInProgress: 'En curso',
  onRampInProgressDetail: 'Termina tu compra en la pestaña de {provider}. Esta pantalla se actualiza sola.',
  onRampReopen: 'Abrir {provider} de nuevo',
  onRampCompleted: 'Fondos añadidos',
  onRampCompletedDetail: 'Tu compra se completó y los fondos van camino de tu billetera.',
  onRampWaitingAuthorization: 'Esperando autorización',
  onRampWaitingAuthorizationDetail:
    '{provider} espera que se autorice tu pago. Sigue los pasos en su pestaña o en su correo.',
  onRampFailed: '¡Algo salió mal!',
  onRampFailedDetail:
    'Tu compra no se completó. Contacta con soporte si vuelve a pasar. Las tarjetas de débito suelen funcionar mejor.',
  onRampServiceFailure: '{provider} tuvo un error al procesar tu transacción. ¿Quieres intentarlo de nuevo?',
  onRampTryAgain: 'Intentar de nuevo',
  onRampDone: 'Listo',
} as const satisfies Record<keyof OnRampStrings, string>;
