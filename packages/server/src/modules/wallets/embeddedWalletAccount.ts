import type { RecoveryMethod } from '@latch/protocol';
import { type AccountInput, accountDetails, accountKey } from '../../identity/users/accounts.js';
import { updateAccountDetails } from '../../identity/users/updateAccountDetails.js';
import type { UserRef } from '../../identity/users/userRef.js';
import type { ServerContext } from '../../kernel/context.js';
import { enqueueEvent } from '../../kernel/outbox/enqueueEvent.js';

/** The linked `wallet` account that shows the user's embedded wallet (SPEC §3); `imported` for an imported key. */
function embeddedWalletAccount(address: string, recoveryMethod: RecoveryMethod, imported: boolean): AccountInput {
  return {
    type: 'wallet',
    address,
    chain_type: 'ethereum',
    chain_id: null,
    wallet_client_type: 'latch',
    connector_type: 'embedded',
    recovery_method: recoveryMethod,
    imported,
  };
}

/**
 * Records (or updates, after a recovery-method change) the embedded wallet among the user's linked
 * accounts, so `GET /api/v1/users/me` and token responses show it. `imported` is set at creation (an
 * imported key) and kept by every later update.
 */
export async function recordEmbeddedWalletAccount(
  ctx: Pick<ServerContext, 'db' | 'clock'>,
  owner: UserRef,
  address: string,
  recoveryMethod: RecoveryMethod,
  imported = false,
): Promise<void> {
  const key = accountKey(embeddedWalletAccount(address, recoveryMethod, imported));
  const now = ctx.clock.now();
  const existing = await ctx.db
    .selectFrom('linked_accounts')
    .select(['id', 'details'])
    .where('app_id', '=', owner.appId)
    .where('user_id', '=', owner.userId)
    .where('type', '=', 'wallet')
    .where('account_key', '=', key)
    .executeTakeFirst();
  if (existing) {
    // Only the recovery method can differ (the address is the key): the same one is no change, no event.
    const stored = existing.details as { recovery_method?: unknown; imported?: unknown };
    if (stored.recovery_method === recoveryMethod) return;
    // An imported wallet stays imported whatever its recovery becomes.
    const kept = embeddedWalletAccount(address, recoveryMethod, stored.imported === true);
    const details = JSON.stringify(accountDetails(kept));
    // The change and its event commit together: in the caller's transaction, or in one of their own.
    const account = { id: existing.id, app_id: owner.appId, user_id: owner.userId };
    await updateAccountDetails(ctx.db, account, details, now);
    return;
  }
  const details = JSON.stringify(accountDetails(embeddedWalletAccount(address, recoveryMethod, imported)));
  const inserted = await ctx.db
    .insertInto('linked_accounts')
    .values({
      app_id: owner.appId,
      user_id: owner.userId,
      type: 'wallet',
      account_key: key,
      details,
      verified_at: now,
      first_verified_at: now,
      latest_verified_at: now,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // In the wallet's creation transaction (WalletCustody.createWallet's `within`): the event commits with it.
  await enqueueEvent(ctx.db, 'wallet.created', {
    appId: owner.appId,
    userId: owner.userId,
    account: inserted,
    now,
  });
}
