// Sign-In with Ethereum (SPEC §7 "Authentication service": Wallet signature; "Unlink"). Server: modules/siwe/.

/** The server's wallet-signature paths. */
export const SIWE_API = {
  /** POST Wallet signature init (address, captcha token) → SiweInitResponse. */
  init: '/api/v1/siwe/init',
  /** POST Wallet signature authenticate (message, signature, chain id, wallet client type, connector type). */
  authenticate: '/api/v1/siwe/authenticate',
  /** POST Wallet signature link (as authenticate, with the bearer token). */
  link: '/api/v1/siwe/link',
  /** POST /api/v1/siwe/unlink (address), SPEC §7 "Unlink". */
  unlink: '/api/v1/siwe/unlink',
} as const;
