import { type PasskeyStrings, passkeyStrings } from '../strings/passkeyStrings.js';
import { useStrings } from './index.js';

/** The widget's texts and the passkey texts, with the host's overrides of either. */
export function usePasskeyStrings() {
  const strings = useStrings();
  return { ...passkeyStrings, ...strings } as typeof strings & PasskeyStrings;
}
