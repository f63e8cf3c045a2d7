import { LatchError, OAUTH_PROVIDERS } from '@latch/protocol';
import * as v from 'valibot';
import { type AccountInput, accountKey, maxOfType } from '../../identity/users/accounts.js';
import { normalisePhoneNumber } from '../passwordless/normalisePhoneNumber.js';

/** Most linked accounts one created or imported user may be given. */
const MAX_ACCOUNTS_PER_USER = 10;

const text = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max));
const optionalText = (max: number) => v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max))), null);

/** Email, phone and wallet address checked as the lookups and the allowlist check them. */
export const EmailAddress = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email(), v.maxLength(320));
export const WalletAddress = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^0x[0-9a-fA-F]{40}$/, 'not a 0x-prefixed 20-byte address'),
  v.toLowerCase(),
);
const PhoneText = v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(32));

const OAuthAccount = v.object({
  type: v.picklist(OAUTH_PROVIDERS.map((p) => `${p}_oauth` as const)),
  subject: text(255),
  email: optionalText(320),
  name: optionalText(200),
  username: optionalText(200),
});

/** One linked account of AdminCreateUserBody (protocol AdminLinkedAccountInput). */
const AdminLinkedAccount = v.variant('type', [
  v.object({ type: v.literal('email'), address: EmailAddress }),
  v.object({ type: v.literal('phone'), number: PhoneText }),
  v.object({ type: v.literal('wallet'), address: WalletAddress, chain_type: v.optional(v.literal('ethereum')) }),
  v.object({ type: v.literal('custom_auth'), custom_user_id: text(255) }),
  OAuthAccount,
]);

/** The JSON object of custom metadata: flat, string keys of 1–64 characters, at most 1 KiB as JSON. */
const MAX_CUSTOM_METADATA_BYTES = 1024;
const MAX_METADATA_KEY = 64;
const MAX_METADATA_STRING = 512;

/** True for a flat JSON object (not an array) of strings, finite numbers and booleans under short keys. */
function isFlatMetadata(value: unknown): value is Record<string, string | number | boolean> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(
    ([key, item]) =>
      key.length >= 1 &&
      key.length <= MAX_METADATA_KEY &&
      ((typeof item === 'string' && item.length <= MAX_METADATA_STRING) ||
        (typeof item === 'number' && Number.isFinite(item)) ||
        typeof item === 'boolean'),
  );
}

export const CustomMetadataSchema = v.pipe(
  v.custom<Record<string, string | number | boolean>>(
    isFlatMetadata,
    `must be a flat JSON object of strings (≤ ${MAX_METADATA_STRING} characters), numbers and booleans, keys of 1 to ${MAX_METADATA_KEY} characters`,
  ),
  v.check(
    (value) => Buffer.byteLength(JSON.stringify(value)) <= MAX_CUSTOM_METADATA_BYTES,
    `must be at most ${MAX_CUSTOM_METADATA_BYTES} bytes as JSON`,
  ),
);

/** POST ADMIN_API.users, and each user of an import. */
export const AdminCreateUser = v.object({
  linked_accounts: v.pipe(v.array(AdminLinkedAccount), v.minLength(1), v.maxLength(MAX_ACCOUNTS_PER_USER)),
  custom_metadata: v.optional(CustomMetadataSchema),
});

/** A parsed AdminCreateUser. */
type AdminCreateUserInput = v.InferOutput<typeof AdminCreateUser>;
type AdminAccount = v.InferOutput<typeof AdminLinkedAccount>;

/** The stored form of an admin-given account (phones in E.164; wallets as external, verified by the app). */
async function toAccountInput(account: AdminAccount): Promise<AccountInput> {
  switch (account.type) {
    case 'email':
      return { type: 'email', address: account.address };
    case 'phone':
      return { type: 'phone', phone_number: await normalisePhoneNumber(account.number) };
    case 'wallet':
      return {
        type: 'wallet',
        address: account.address,
        chain_type: 'ethereum',
        chain_id: null,
        wallet_client_type: 'unknown',
        connector_type: 'imported',
        recovery_method: null,
        imported: false,
      };
    case 'custom_auth':
      return { type: 'custom_auth', custom_user_id: account.custom_user_id };
    default:
      return {
        type: account.type,
        subject: account.subject,
        email: account.email,
        name: account.name,
        username: account.username,
      };
  }
}

/**
 * The stored accounts of one user's input. Refused (`invalid_data`): an account given twice, or more accounts
 * of a type than a user may hold (one email, one phone, one account per OAuth provider; SPEC §5).
 */
export async function toAccountInputs(input: AdminCreateUserInput): Promise<AccountInput[]> {
  const accounts = await Promise.all(input.linked_accounts.map(toAccountInput));
  const keys = new Set<string>();
  const perType = new Map<string, number>();
  for (const account of accounts) {
    const key = `${account.type}:${accountKey(account)}`;
    if (keys.has(key)) throw new LatchError('invalid_data', 'The same linked account is given twice.');
    keys.add(key);
    const count = (perType.get(account.type) ?? 0) + 1;
    if (count > maxOfType(account.type))
      throw new LatchError('invalid_data', `A user may hold only ${maxOfType(account.type)} ${account.type} account.`);
    perType.set(account.type, count);
  }
  return accounts;
}
