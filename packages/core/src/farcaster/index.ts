// `@latch/core/farcaster`: the host's Farcaster calls (link, unlink, the signer). Not re-exported by the package
// index: everything Farcaster loads on first use, out of the page's initial JavaScript.
export type { FarcasterActions } from './farcasterActions.js';
export type { FarcasterFrameSigner } from './farcasterFrameSigner.js';
export { farcasterOf, type LatchFarcaster } from './farcasterOf.js';
