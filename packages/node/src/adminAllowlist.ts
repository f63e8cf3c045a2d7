import { ADMIN_API, type AdminAllowlist, LatchError } from '@latch/protocol';
import type { AdminCall } from './adminTransport.js';

/** The admin API's allowlist (docs/node-sdk.md): emails, E.164 phone numbers, 0x wallet addresses. */
export interface AllowlistClient {
  /** The app's allowlist, or null when it has none (everyone may log in). */
  getAllowlist(): Promise<string[] | null>;
  /** Adds entries (the first turns the allowlist on); returns the allowlist now. */
  addToAllowlist(entries: string[]): Promise<string[] | null>;
  /** Removes entries (removing the last leaves an empty list: nobody may log in); returns the allowlist now. */
  removeFromAllowlist(entries: string[]): Promise<string[] | null>;
}

/** The allowlist calls over an admin transport. */
export function allowlistClient(call: AdminCall): AllowlistClient {
  const list = async (response: Response | null) => {
    if (!response) throw new LatchError('not_found');
    return ((await response.json()) as AdminAllowlist).allowlist;
  };
  return {
    getAllowlist: async () => list(await call('GET', ADMIN_API.allowlist)),
    addToAllowlist: async (entries) => list(await call('POST', ADMIN_API.allowlist, { entries })),
    removeFromAllowlist: async (entries) => list(await call('POST', ADMIN_API.allowlistRemove, { entries })),
  };
}
