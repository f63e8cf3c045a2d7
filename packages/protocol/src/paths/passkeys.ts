// Passkeys (SPEC §7 "Authentication service": Passkeys; "Unlink"). Server: modules/passkeys/.

/** The server's passkey paths (DESIGN §2 `/api/v1/passkeys/…`). */
export const PASSKEY_API = {
  /** POST `{}` → `{ options: WirePasskeyCreationOptions }` for a new user (sign-up, when passkey_auth is on). */
  registerInit: '/api/v1/passkeys/register/init',
  /** POST `{ credential: WirePasskeyRegistration }` → TokenResponse (a new user, a fresh login: device grant). */
  register: '/api/v1/passkeys/register',
  /** POST Passkeys authenticate/init: `{}` → `{ options: WirePasskeyRequestOptions }` (discoverable: no allow list). */
  authenticateInit: '/api/v1/passkeys/authenticate/init',
  /** POST Passkeys authenticate: `{ credential: WirePasskeyAssertion }` → TokenResponse (a fresh login: device grant). */
  authenticate: '/api/v1/passkeys/authenticate',
  /** POST Passkeys link/init (bearer): `{}` → `{ options: WirePasskeyCreationOptions }` excluding the user's passkeys. */
  linkInit: '/api/v1/passkeys/link/init',
  /** POST Passkeys link (bearer): `{ credential: WirePasskeyRegistration }` → WireUser. */
  link: '/api/v1/passkeys/link',
  /** POST /api/v1/passkeys/unlink (bearer) `{ credential_id }` → WireUser (SPEC §7 "Unlink"). */
  unlink: '/api/v1/passkeys/unlink',
  /** GET: WebAuthn Related Origin Requests (`{ origins }`: the apps' allowed origins). */
  relatedOrigins: '/.well-known/webauthn',
} as const;
