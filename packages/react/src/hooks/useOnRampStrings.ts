import type { Strings } from '../strings/en.js';
import { type OnRampStrings, onRampStrings } from '../strings/onRampStrings.js';
import { useStrings } from './index.js';

/** The on-ramp screens' texts with the host's overrides (loaded with the screens, not with the page). */
export function useOnRampStrings(): Strings & OnRampStrings {
  return { ...onRampStrings, ...useStrings() };
}
