import type { OAuthProvider } from './appConfig.js';
import type { WireOAuthProviderTokens } from './oauth.js';

/** Verification timestamps every linked account carries (seconds since epoch on the wire). */
interface Verified {
  verified_at: number;
  first_verified_at: number | null;
  latest_verified_at: number | null;
}

/** The recovery method of an embedded wallet; `latch` is provider-managed. */
export type RecoveryMethod = 'latch' | 'user-passcode' | 'google-drive' | 'icloud';

/** Linked accounts as the server sends them (SPEC §3 linked account types). */
export type WireLinkedAccount =
  | ({ type: 'email'; address: string } & Verified)
  | ({ type: 'phone'; phone_number: string } & Verified)
  | ({
      type: 'wallet';
      address: string;
      chain_type: 'ethereum';
      chain_id: string | null;
      wallet_client_type: string;
      connector_type: string;
      recovery_method: RecoveryMethod | null;
      imported: boolean;
    } & Verified)
  | ({
      type: `${OAuthProvider}_oauth`;
      subject: string;
      email: string | null;
      name: string | null;
      username: string | null;
    } & Verified)
  | ({ type: 'custom_auth'; custom_user_id: string } & Verified)
  | ({
      type: 'farcaster';
      fid: number;
      /** The fid's custody address (EIP-55), as the ID registry held it when the account was verified. */
      owner_address: string;
      username: string | null;
      display_name: string | null;
      bio: string | null;
      /** The profile picture URL the Farcaster app sent. */
      pfp: string | null;
      /** The profile's URL (`https://farcaster.xyz/<username>`), when the username is known. */
      url: string | null;
      /** The approved ed25519 signer's public key (`0x…`), once one is approved. */
      signer_public_key: string | null;
    } & Verified)
  | ({
      type: 'passkey';
      credential_id: string;
      authenticator_name: string | null;
      created_with_browser: string | null;
      created_with_os: string | null;
      enrolled_in_mfa: boolean;
    } & Verified)
  | ({ type: 'telegram'; telegram_user_id: string; username: string | null; first_name: string | null } & Verified);

/** A linked-account type name. */
export type LinkedAccountType = WireLinkedAccount['type'];

/** The user as the server sends it. */
export interface WireUser {
  id: string;
  created_at: number;
  linked_accounts: WireLinkedAccount[];
  mfa_methods: Array<{ type: 'sms' | 'totp' | 'passkey'; verified_at: number }>;
  has_accepted_terms: boolean;
  /** Set by the app's backend (admin API `setCustomMetadata`); read-only to the user's client. Absent when none. */
  custom_metadata?: Record<string, string | number | boolean>;
}

/** What to do with the tokens of a response (SPEC §3). */
export type SessionUpdateAction = 'set' | 'clear' | 'ignore';

/** The body of every authenticate and refresh response (SPEC §3 "Session token response"). */
export interface TokenResponse {
  user: WireUser;
  token: string | null;
  refresh_token: string | null;
  is_new_user?: boolean;
  session_update_action?: SessionUpdateAction;
  new_session_refresh_token?: string;
  /** A fork asked for a hand-off: the one-time code to put in a URL (never a refresh token), and its lifetime. */
  hand_off_code?: string;
  hand_off_expires_in?: number;
  /**
   * Only on a fresh authentication (a code or a wallet signature; never a refresh or a fork): a
   * single-use grant, valid a few minutes and bound to this new session, that lets the wallet frame
   * register its device key (docs/custody.md). Kept in memory only, handed to the frame, never stored.
   */
  device_grant?: string;
  /**
   * Every login, refresh and fork: the identity token, a JWT (IDENTITY_TOKEN) with the user's linked accounts for
   * the host's backend (`@latch/node` verifyIdentityToken). Not a credential for Latch's API: it is refused there.
   */
  identity_token?: string;
  /** SPEC §3: the provider's tokens after an OAuth login or link, only when the app asks for them (`return_oauth_provider_tokens`). */
  oauth_provider_tokens?: WireOAuthProviderTokens;
}

type CamelVerified = { verifiedAt: Date; firstVerifiedAt: Date | null; latestVerifiedAt: Date | null };

/** A linked account as the UI uses it: the wire fields in camelCase, timestamps as Dates. */
export type LinkedAccount = CamelVerified & { type: LinkedAccountType } & Record<string, unknown>;

/** The user as the UI uses it (SPEC §3 "Auth user"). */
export interface User {
  id: string;
  createdAt: Date;
  linkedAccounts: LinkedAccount[];
  mfaMethods: Array<'sms' | 'totp' | 'passkey'>;
  hasAcceptedTerms: boolean;
  /** The app's custom metadata of the user (set by its backend), if any. */
  customMetadata?: Record<string, string | number | boolean>;
  email?: { address: string };
  phone?: { number: string };
  wallet?: {
    address: string;
    chainType: 'ethereum';
    chainId?: string;
    walletClientType: string;
    connectorType: string;
    imported: boolean;
  };
  farcaster?: { fid: number; signerPublicKey: string | null };
}

const camel = (key: string): string => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const toDate = (seconds: number | null): Date | null => (seconds === null ? null : new Date(seconds * 1000));

/** Maps one wire linked account to its UI form. */
export function toLinkedAccount(account: WireLinkedAccount): LinkedAccount {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(account)) out[camel(key)] = value;
  out.verifiedAt = new Date(account.verified_at * 1000);
  out.firstVerifiedAt = toDate(account.first_verified_at);
  out.latestVerifiedAt = toDate(account.latest_verified_at);
  return out as LinkedAccount;
}

/** Maps the wire user to the UI user, with the convenience fields of SPEC §3. */
export function toUser(wire: WireUser): User {
  const find = <T extends LinkedAccountType>(type: T) =>
    wire.linked_accounts.find((a): a is Extract<WireLinkedAccount, { type: T }> => a.type === type);
  const email = find('email');
  const phone = find('phone');
  const wallet = find('wallet');
  const farcaster = find('farcaster');
  return {
    id: wire.id,
    createdAt: new Date(wire.created_at * 1000),
    linkedAccounts: wire.linked_accounts.map(toLinkedAccount),
    mfaMethods: wire.mfa_methods.map((m) => m.type),
    hasAcceptedTerms: wire.has_accepted_terms,
    customMetadata: wire.custom_metadata,
    email: email ? { address: email.address } : undefined,
    phone: phone ? { number: phone.phone_number } : undefined,
    wallet: wallet
      ? {
          address: wallet.address,
          chainType: wallet.chain_type,
          chainId: wallet.chain_id ?? undefined,
          walletClientType: wallet.wallet_client_type,
          connectorType: wallet.connector_type,
          imported: wallet.imported,
        }
      : undefined,
    farcaster: farcaster ? { fid: farcaster.fid, signerPublicKey: farcaster.signer_public_key } : undefined,
  };
}

/** The subject claim of an access token for a user id. */
export function userDid(userId: string): string {
  return `did:latch:${userId}`;
}
