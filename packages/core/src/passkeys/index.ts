// `@latch/core/passkeys`: what the lazily loaded passkey screens use. Not re-exported by the package index, whose
// values esbuild places in the host page's initial JavaScript.
export { type PasskeyNameFields, passkeyDisplayName } from './passkeyDisplayName.js';
export { canAddPasskey, passkeyList } from './passkeyList.js';
