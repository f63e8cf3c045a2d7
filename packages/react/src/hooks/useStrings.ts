import { useLatchContext } from '../LatchContext.js';
import type { Strings } from '../strings/en.js';

/** The widget's texts, with the host's overrides. */
export function useStrings(): Strings {
  return useLatchContext().strings;
}
