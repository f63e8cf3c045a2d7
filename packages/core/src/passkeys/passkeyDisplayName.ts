/** The fields of a passkey linked account (SPEC §3) that name it. */
export interface PasskeyNameFields {
  // A LinkedAccount (any fields) is one: the three below are read when present.
  [field: string]: unknown;
  authenticatorName?: unknown;
  createdWithBrowser?: unknown;
  createdWithOs?: unknown;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** SPEC §3: 'authenticator on browser', else 'browser on OS', else 'Unknown device' (`unknown`, for a translation). */
export function passkeyDisplayName(account: PasskeyNameFields, unknown = 'Unknown device'): string {
  const authenticator = text(account.authenticatorName);
  const browser = text(account.createdWithBrowser);
  const os = text(account.createdWithOs);
  if (authenticator && browser) return `${authenticator} on ${browser}`;
  if (browser && os) return `${browser} on ${os}`;
  return unknown;
}
