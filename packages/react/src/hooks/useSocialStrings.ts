import type { Strings } from '../strings/en.js';
import { type SocialStrings, socialStrings } from '../strings/socialStrings.js';
import { useStrings } from './index.js';

/** The widget's texts and the social login texts, with the host's overrides of either (they load with the social chunk). */
export function useSocialStrings(): Strings & SocialStrings {
  return { ...socialStrings, ...useStrings() } as Strings & SocialStrings;
}
