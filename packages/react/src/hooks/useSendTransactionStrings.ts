import type { Strings } from '../strings/en.js';
import { type SendTransactionStrings, sendTransactionStrings } from '../strings/sendTransactionStrings.js';
import { useStrings } from './index.js';

/** The send screen's texts. */
export type SendTransactionTexts = Strings & SendTransactionStrings;

/** The send screen's texts, with the host's overrides (loaded with the screen). */
export function useSendTransactionStrings(): SendTransactionTexts {
  return { ...sendTransactionStrings, ...useStrings() } as SendTransactionTexts;
}
