type SocialFlowModule = typeof import('../oauth/socialFlow.js');

let loaded: SocialFlowModule | null = null;

/** The OAuth and Telegram flow once loaded, else null (it is not in the page's initial JavaScript). */
export const loadedSocialFlow = (): SocialFlowModule | null => loaded;

/** Loads the OAuth and Telegram flow's transitions (the runner does on the first social event; tests may earlier). */
export function loadSocialFlow(): Promise<SocialFlowModule> {
  return import('../oauth/socialFlow.js').then((module) => {
    loaded = module;
    return module;
  });
}
