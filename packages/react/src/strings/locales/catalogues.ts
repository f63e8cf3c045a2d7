import { actionErrorScreenStrings } from '../actionErrorScreenStrings.js';
import { authScreenStrings } from '../authScreenStrings.js';
import { captchaStrings } from '../captchaStrings.js';
import { embeddedWalletStrings } from '../embeddedWalletStrings.js';
import { en, type StringCatalogue } from '../en.js';
import { exportWalletStrings } from '../exportWalletStrings.js';
import { flowMessageStrings } from '../flowMessageStrings.js';
import { mfaStrings } from '../mfaStrings.js';
import { onRampStrings } from '../onRampStrings.js';
import { passkeyStrings } from '../passkeyStrings.js';
import { sendTransactionStrings } from '../sendTransactionStrings.js';
import { serverMessageStrings } from '../serverMessageStrings.js';
import { socialStrings } from '../socialStrings.js';
import { stepUpStrings } from '../stepUpStrings.js';
import { walletFlowStrings } from '../walletFlowStrings.js';
import { walletStrings } from '../walletStrings.js';
import { es } from './es.js';

/**
 * Every locale's whole catalogue, for the compile script and the tests only (the widget loads English area
 * by area with its screens, and a second locale as one lazy module).
 */
export const catalogues: { en: StringCatalogue; es: StringCatalogue } = {
  en: {
    ...en,
    ...actionErrorScreenStrings,
    ...authScreenStrings,
    ...captchaStrings,
    ...walletStrings,
    ...walletFlowStrings,
    ...embeddedWalletStrings,
    ...exportWalletStrings,
    ...flowMessageStrings,
    ...sendTransactionStrings,
    ...onRampStrings,
    ...mfaStrings,
    ...passkeyStrings,
    ...socialStrings,
    ...stepUpStrings,
    ...serverMessageStrings,
  },
  es,
};
