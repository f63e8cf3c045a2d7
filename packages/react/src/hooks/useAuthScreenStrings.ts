import { type AuthScreenStrings, authScreenStrings } from '../strings/authScreenStrings.js';
import type { Strings } from '../strings/en.js';
import { useStrings } from './useStrings.js';

/** The login flow's lazily loaded screens' texts, with the host's overrides (they load with those screens). */
export function useAuthScreenStrings(): Strings & AuthScreenStrings {
  return { ...authScreenStrings, ...useStrings() } as Strings & AuthScreenStrings;
}
