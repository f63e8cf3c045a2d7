// The `@latch/wallet-frame/testing` entry: the frame's test helpers that core's integration tests use, so they
// import a package entry instead of reaching into this package's source. For this repository's tests only.

/** Headless signing: the frame signs without showing its confirmation. */
export { HEADLESS } from './frameHost.js';
/** One app on a real test server (@latch/server/testing), with logins that return device grants and frames. */
export { type FrameTestServer, frameTestServer, PUBLIC_URL } from './frameTestServer.js';
