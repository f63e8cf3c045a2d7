// The `@latch/server/testing` entry: what the other workspaces' tests (core, react, wallet-frame, node, e2e,
// bench) use of the server, so none of them reaches into its source by relative path. For this repository's
// tests only: a source-only entry (package.json exports it under the @latch/source condition alone), neither
// built nor packed, and nothing the server runs imports it. The helpers stay where the server's own tests
// keep them (src/test/, src/**/testing/); this file names the ones other packages may use.

/** A step-up grant for an action, through a test server's app (no network). */
export { stepUpForTest } from '../identity/stepUp/testing/stepUpForTest.js';
/** A step-up grant for an action, over HTTP as a client gets it. */
export { stepUpOverHttp } from '../identity/stepUp/testing/stepUpOverHttp.js';
/** A logger whose lines a test can read. */
export { captureLogs } from '../kernel/delivery/testing/captureLogs.js';
/** An SMTP server on loopback that keeps what it receives. */
export { startLoopbackSmtp } from '../kernel/delivery/testing/loopbackSmtp.js';
/** Twilio's Messages API on loopback, answering as told. */
export { startLoopbackTwilio } from '../kernel/delivery/testing/loopbackTwilio.js';
/** Closes a PGlite database without losing the process's exit code. */
export { closePglite } from '../kernel/store/closePglite.js';
/** The admin CLI run on a test server (`cli`), and an admin API request as a backend makes it. */
export { adminRequest, cli } from '../modules/adminApi/testing/adminRequest.js';
/** Passkey registration and login against a test server, at PASSKEY_ORIGIN / PASSKEY_RP_ID. */
export { passkeyIds, passkeyTestClient } from '../modules/passkeys/testing/passkeyTestClient.js';
/** A WebAuthn authenticator in software (real ES256 attestations and assertions), and its origin and RP ID. */
export { PASSKEY_ORIGIN, PASSKEY_RP_ID, SoftAuthenticator } from '../modules/passkeys/testing/softAuthenticator.js';
/** Email/SMS code login against a test server; `wrongCode` is a code that is never the right one. */
export { passwordlessTestClient, wrongCode } from '../modules/passwordless/testing/passwordlessTestClient.js';
/** Records an embedded wallet for a user directly in the database. */
export { insertEmbeddedWallet } from '../modules/siwe/testing/insertEmbeddedWallet.js';
/** The wallet frame's calls to the server (device key, proofs) made by a test; `registeredFrame` logs in first. */
export { registeredFrame, TestFrame } from '../modules/wallets/testing/testFrame.js';
/** An HTTP receiver that records the webhooks it is sent. */
export { webhookReceiver } from '../modules/webhooks/testing/webhookReceiver.js';
/**
 * The test server (Hono app.request, fake clock, helpers to create apps and sign users in), the backends it runs
 * on (PGlite; PostgreSQL/Redis from DATABASE_URL/REDIS_URL; `routeBackends`: PGlite only, for route logic), one describe block
 * per backend, the widget's headers.
 */
export {
  type Backend,
  backends,
  createTestServer,
  forEachBackend,
  forEveryBackend,
  routeBackends,
  type TestServer,
  widgetHeaders,
} from '../test/harness.js';
/** A test server listening on a loopback port, for clients that talk HTTP. */
export { type HttpTestServer, startHttpTestServer } from '../test/httpTestServer.js';
/** Tokens signed with an app's real key: backdated, or with chosen claims and typ. */
export { backdatedAccessToken, backdatedIdentityToken, signWithAppKey } from './appKeyTokens.js';
/** One pass of the server's webhook worker, run by hand. */
export { deliverWebhooksNow } from './deliverWebhooksNow.js';
