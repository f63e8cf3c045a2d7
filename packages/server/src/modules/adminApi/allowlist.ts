import { LatchError } from '@latch/protocol';
import * as v from 'valibot';
import { normaliseAllowlistEntry } from '../../identity/apps/appInput.js';
import type { AppRecord } from '../../identity/apps/appStore.js';
import type { ServerContext } from '../../kernel/context.js';
import { normalisePhoneNumber } from '../passwordless/normalisePhoneNumber.js';
import { EmailAddress, WalletAddress } from './adminAccountInput.js';

/** Most entries one call may add or remove, and most an allowlist may hold. */
const MAX_ALLOWLIST_ENTRIES_PER_CALL = 1000;
const MAX_ALLOWLIST_SIZE = 10_000;

/** The body of an add or a remove. */
export const AllowlistBody = v.object({
  entries: v.pipe(
    v.array(v.pipe(v.string(), v.maxLength(320))),
    v.minLength(1),
    v.maxLength(MAX_ALLOWLIST_ENTRIES_PER_CALL),
  ),
});

/**
 * An allowlist entry in the form the login check compares (services/accounts.ts `allowlistValues`): an email
 * address (lower case), an E.164 phone number or a 0x wallet address (lower case), stored as the CLI stores
 * them (`normaliseAllowlistEntry`). Anything else is `invalid_data`, naming the entry.
 */
async function allowlistEntry(raw: string): Promise<string> {
  const entry = raw.trim();
  const invalid = () =>
    new LatchError(
      'invalid_data',
      `Allowlist entry "${entry.slice(0, 64)}" is not an email address, an E.164 phone number or a 0x wallet address.`,
    );
  if (entry.startsWith('0x')) {
    const wallet = v.safeParse(WalletAddress, entry);
    if (!wallet.success) throw invalid();
    return normaliseAllowlistEntry(wallet.output);
  }
  if (entry.includes('@')) {
    const email = v.safeParse(EmailAddress, entry);
    if (!email.success) throw invalid();
    return normaliseAllowlistEntry(email.output);
  }
  if (!entry.startsWith('+')) throw invalid();
  try {
    return normaliseAllowlistEntry(await normalisePhoneNumber(entry));
  } catch {
    throw invalid();
  }
}

/**
 * Adds entries to (`add`) or removes them from the app's allowlist, in a transaction that locks the app's
 * row, so concurrent calls never lose each other's entries. Adding to an app without an allowlist turns it
 * on; removing the last entry leaves an empty one (nobody may log in). Returns the allowlist now.
 */
export async function changeAllowlist(
  ctx: Pick<ServerContext, 'db' | 'apps' | 'clock'>,
  app: AppRecord,
  change: 'add' | 'remove',
  rawEntries: string[],
): Promise<string[] | null> {
  const entries = await Promise.all(rawEntries.map(allowlistEntry));
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('apps')
      .select('allowlist')
      .where('id', '=', app.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const current = row.allowlist ?? [];
    if (change === 'remove' && row.allowlist === null) return;
    const removed = new Set(entries);
    const next =
      change === 'add' ? [...new Set([...current, ...entries])] : current.filter((entry) => !removed.has(entry));
    if (next.length > MAX_ALLOWLIST_SIZE)
      throw new LatchError('invalid_data', `An allowlist holds at most ${MAX_ALLOWLIST_SIZE} entries.`);
    await trx
      .updateTable('apps')
      .set({ allowlist: JSON.stringify(next), updated_at: ctx.clock.now() })
      .where('id', '=', app.id)
      .execute();
  });
  // Re-read, so this process's app cache holds the new list at once (other processes within its TTL).
  return (await ctx.apps.require(app.id, { fresh: true })).allowlist;
}
