import { ADMIN_API, type WireSecurityEventList, type WireUser } from '@latch/protocol';
import { type AllowlistClient, allowlistClient } from './adminAllowlist.js';
import { type AdminClientOptions, adminTransport } from './adminTransport.js';
import { type UserWriteClient, userWriteClient } from './adminUsers.js';
import { type WebhookClient, webhookClient } from './adminWebhooks.js';

/** The admin API as functions (docs/node-sdk.md). */
export interface AdminClient extends UserWriteClient, AllowlistClient, WebhookClient {
  /** The user (the DID or the bare id), or null when the app has no such user. */
  getUser(userId: string): Promise<WireUser | null>;
  /** The user with this email address, or null. */
  getUserByEmail(address: string): Promise<WireUser | null>;
  /** The user with this phone number (international form, `+` and country code), or null. */
  getUserByPhone(number: string): Promise<WireUser | null>;
  /** The user with this wallet address (linked or embedded), or null. */
  getUserByWalletAddress(address: string): Promise<WireUser | null>;
  /** Deletes the user, their accounts, sessions and wallets; true when a user was deleted, false when none matched. */
  deleteUser(userId: string): Promise<boolean>;
  /**
   * The user's security events (releases, new devices, login and MFA changes), newest first, 50 a page;
   * `before` (a `next_before`) pages on. Null when the app has no such user.
   */
  getUserSecurityEvents(userId: string, options?: { before?: string }): Promise<WireSecurityEventList | null>;
}

/** Builds the admin client; each call sends `Authorization: Basic base64(appId:appSecret)`. */
export function adminClient(options: AdminClientOptions): AdminClient {
  const call = adminTransport(options);
  const user = async (response: Response | null) => (response ? ((await response.json()) as WireUser) : null);

  return {
    getUser: async (userId) => user(await call('GET', ADMIN_API.user(userId))),
    getUserByEmail: async (address) => user(await call('POST', ADMIN_API.userByEmail, { address })),
    getUserByPhone: async (number) => user(await call('POST', ADMIN_API.userByPhone, { number })),
    getUserByWalletAddress: async (address) => user(await call('POST', ADMIN_API.userByWallet, { address })),
    deleteUser: async (userId) => (await call('DELETE', ADMIN_API.user(userId))) !== null,
    getUserSecurityEvents: async (userId, { before } = {}) => {
      const query = before ? `?before=${encodeURIComponent(before)}` : '';
      const response = await call('GET', `${ADMIN_API.userSecurityEvents(userId)}${query}`);
      return response ? ((await response.json()) as WireSecurityEventList) : null;
    },
    ...userWriteClient(call),
    ...allowlistClient(call),
    ...webhookClient(call),
  };
}
