import type { Strings } from '../strings/en.js';
import { type MfaStrings, mfaStrings } from '../strings/mfaStrings.js';
import { useStrings } from './index.js';

/** The MFA screens' texts with the host's overrides (loaded with the MFA dialogs, not with the page). */
export function useMfaStrings(): Strings & MfaStrings {
  return { ...mfaStrings, ...useStrings() };
}
