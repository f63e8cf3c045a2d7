/** Where an error sends the modal instead of ERROR_SCREEN. */
export type ErrorRedirect = 'ALLOWLIST_REJECTION_SCREEN' | 'USER_LIMIT_REACHED_SCREEN';

/**
 * Where an error goes instead of ERROR_SCREEN, if anywhere (SPEC §8). ERROR_SCREEN's own texts, row by
 * row, are react's catalogue (strings/errorScreenStrings.ts).
 */
export function errorRedirect(code: string | undefined): ErrorRedirect | undefined {
  if (code === 'allowlist_rejected') return 'ALLOWLIST_REJECTION_SCREEN';
  if (code === 'max_accounts_reached') return 'USER_LIMIT_REACHED_SCREEN';
  return undefined;
}
