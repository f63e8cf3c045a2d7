import {
  ADMIN_API,
  type AdminImportResponse,
  type AdminImportResult,
  type AdminLinkedAccountInput,
  type AdminUserPage,
  type CustomMetadata,
  LatchError,
  type WireUser,
} from '@latch/protocol';
import type { AdminCall } from './adminTransport.js';

/** A user to create or import: linked accounts (verified as of the call) and optional custom metadata. */
export interface NewLatchUser {
  linkedAccounts: AdminLinkedAccountInput[];
  customMetadata?: CustomMetadata;
}

/** A search: part of an email, phone number, wallet address or other account id. */
export interface UserSearchOptions {
  searchTerm: string;
  /** The `nextCursor` of the previous page. */
  cursor?: string;
  /** 1 to 100; 20 by default. */
  limit?: number;
}

/** The admin API's user writes (docs/node-sdk.md). */
export interface UserWriteClient {
  /** Creates a user with these linked accounts; throws `linked_to_another_user` when one is taken. */
  createUser(user: NewLatchUser): Promise<WireUser>;
  /** Imports one user: `created`, `exists` (the same accounts were imported before; unchanged) or `failed`. */
  importUser(user: NewLatchUser): Promise<AdminImportResult>;
  /** Imports up to 100 users, one result each in the order given (rerunnable). */
  importUsers(users: NewLatchUser[]): Promise<AdminImportResult[]>;
  /** The users whose linked accounts contain the term, newest first; `nextCursor` pages on (null at the end). */
  searchUsers(options: UserSearchOptions): Promise<{ data: WireUser[]; nextCursor: string | null }>;
  /** Replaces the user's custom metadata (≤ 1 KiB as JSON); the user, or null when the app has no such user. */
  setCustomMetadata(userId: string, customMetadata: CustomMetadata): Promise<WireUser | null>;
}

const body = (user: NewLatchUser) => ({
  linked_accounts: user.linkedAccounts,
  ...(user.customMetadata === undefined ? {} : { custom_metadata: user.customMetadata }),
});

/** The user writes over an admin transport. */
export function userWriteClient(call: AdminCall): UserWriteClient {
  const json = async <T>(response: Response | null): Promise<T> => {
    // Only user paths answer 404 `not_found`; the create, import and search paths never do.
    if (!response) throw new LatchError('not_found');
    return (await response.json()) as T;
  };
  const importUsers = async (users: NewLatchUser[]) =>
    (await json<AdminImportResponse>(await call('POST', ADMIN_API.usersImport, { users: users.map(body) }))).results;
  return {
    createUser: async (user) => json<WireUser>(await call('POST', ADMIN_API.users, body(user))),
    importUser: async (user) => (await importUsers([user]))[0] as AdminImportResult,
    importUsers,
    searchUsers: async ({ searchTerm, cursor, limit }) => {
      const page = await json<AdminUserPage>(
        await call('POST', ADMIN_API.usersSearch, { search_term: searchTerm, cursor, limit }),
      );
      return { data: page.data, nextCursor: page.next_cursor };
    },
    setCustomMetadata: async (userId, customMetadata) => {
      const response = await call('POST', ADMIN_API.userCustomMetadata(userId), { custom_metadata: customMetadata });
      return response ? ((await response.json()) as WireUser) : null;
    },
  };
}
