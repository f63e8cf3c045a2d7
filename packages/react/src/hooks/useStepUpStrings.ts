import type { Strings } from '../strings/en.js';
import { type StepUpStrings, stepUpStrings } from '../strings/stepUpStrings.js';
import { useStrings } from './index.js';

/** The step-up screen's texts with the host's overrides (loaded with the screen, not with the page). */
export function useStepUpStrings(): Strings & StepUpStrings {
  return { ...stepUpStrings, ...useStrings() };
}
