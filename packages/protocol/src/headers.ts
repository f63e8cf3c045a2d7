/** Request header names every call carries (SPEC §7, DESIGN §2). */
export const HEADER = {
  appId: 'latch-app-id',
  clientId: 'latch-client-id',
  clientAnalyticsId: 'latch-ca-id',
  client: 'latch-client',
  authorization: 'authorization',
} as const;

/** The value of the `latch-client` header for this SDK version. */
export const CLIENT_NAME = 'react-auth';
