type PasskeyFlowModule = typeof import('../passkeys/passkeyFlow.js');

let loaded: PasskeyFlowModule | null = null;

/** The passkey flow once loaded, else null (it is not in the page's initial JavaScript). */
export const loadedPasskeyFlow = (): PasskeyFlowModule | null => loaded;

/** Loads the passkey flow's transitions (the runner does on the first passkey event; tests and hosts may earlier). */
export function loadPasskeyFlow(): Promise<PasskeyFlowModule> {
  return import('../passkeys/passkeyFlow.js').then((module) => {
    loaded = module;
    return module;
  });
}
