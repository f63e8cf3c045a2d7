/** API paths (SPEC §7 and DESIGN §2), one place for client and server. */
export const API = {
  appConfig: (appId: string) => `/api/v1/apps/${appId}`,
  jwks: (appId: string) => `/api/v1/apps/${appId}/jwks.json`,
  emailInit: '/api/v1/passwordless/init',
  emailAuthenticate: '/api/v1/passwordless/authenticate',
  emailLink: '/api/v1/passwordless/link',
  emailUnlink: '/api/v1/passwordless/unlink',
  emailUpdate: '/api/v1/passwordless/update',
  smsInit: '/api/v1/passwordless_sms/init',
  smsAuthenticate: '/api/v1/passwordless_sms/authenticate',
  smsLink: '/api/v1/passwordless_sms/link',
  smsUnlink: '/api/v1/passwordless_sms/unlink',
  sessions: '/api/v1/sessions',
  logout: '/api/v1/sessions/logout',
  fork: '/api/v1/sessions/fork',
  acceptTerms: '/api/v1/users/me/accept_terms',
  me: '/api/v1/users/me',
  analytics: '/api/v1/analytics_events',
  /** GET ?chainId&tokenSymbol → `{ usd }` (SPEC §7), the native token's USD price. */
  tokenPrice: '/api/v1/token_price',
  devOutbox: '/api/v1/dev/outbox',
} as const;
