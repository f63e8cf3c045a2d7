import type { StringCatalogue } from '../en.js';
import { esAccount } from './es/esAccount.js';
import { esLogin } from './es/esLogin.js';
import { esOnRamp } from './es/esOnRamp.js';
import { esServerMessages } from './es/esServerMessages.js';
import { esStepUp } from './es/esStepUp.js';
import { esWallets } from './es/esWallets.js';

/** Every text of the widget in Spanish (tú), ICU MessageFormat; loaded only when a provider asks for 'es'. */
export const es: StringCatalogue = {
  ...esLogin,
  ...esWallets,
  ...esAccount,
  ...esStepUp,
  ...esOnRamp,
  ...esServerMessages,
};
