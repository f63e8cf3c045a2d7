/** viem's parts the server uses, loaded on the first wallet request instead of at start (lazy/viemParts.ts). */
export const loadViem = (): Promise<typeof import('./viemParts.js')> => import('./viemParts.js');
