// The `@latch/protocol/mfa` entry: the MFA and passkey values (paths, limits, wire converters) for code a
// host page loads lazily. esbuild puts every module a page's barrel re-exports into that page's initial
// chunks once any lazy chunk uses it (see frameContract.ts), so the browser's lazily loaded MFA and
// passkey code imports these values from here, never from the index (types are fine from either).
export {
  MFA_ACTIONS,
  MFA_LIMIT,
  MFA_METHODS,
  normaliseRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  toMfaState,
} from './mfa.js';
export { fromWirePasskeyJson, PASSKEY_API, toWirePasskeyJson } from './passkeys.js';
export { MFA_API } from './paths/mfa.js';
