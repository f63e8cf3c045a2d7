// The `@latch/core/wagmi` entry: only hosts that use wagmi import it (and @wagmi/core, a peer dependency).
export { type LatchConnectorParameters, latch } from './latch.js';
