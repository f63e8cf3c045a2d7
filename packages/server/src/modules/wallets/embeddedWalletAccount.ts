import type { RecoveryMethod } from '@latch/protocol';
import { type AccountInput, accountDetails, accountKey } from '../../identity/users/accounts.js';
import { updateAccountDetails } from '../../identity/users/updateAccountDetails.js';
import type { UserRef } from '../../identity/users/userRef.js';
import type { ServerContext } from '../../kernel/context.js';
import { enqueueEvent } from '../../kernel/outbox/enqueueEvent.js';

/** The linked `wallet` account that shows the user's embedded wallet (SPEC §3). */
function embeddedWalletAccount(address: string, recoveryMethod: RecoveryMethod): AccountInput {
  return {
    type: 'wallet',
    address,
    chain_type: 'ethereum',
    chain_id: null,
    wallet_client_type: 'latch',
    connector_type: 'embedded',
    recovery_method: recoveryMethod,
    imported: false,
  };
}

/**
 * Records (or updates, after a recovery-method change) the embedded wallet among the user's linked
 * accounts, so `GET /api/v1/users/me` and token responses show it.
 */
export async function recordEmbeddedWalletAccount(
  ctx: Pick<ServerContext, 'db' | 'clock'>,
  owner: UserRef,
  address: string,
  recoveryMethod: RecoveryMethod,
): Promise<void> {
  const account = embeddedWalletAccount(address, recoveryMethod);
  const key = accountKey(account);
  const details = JSON.stringify(accountDetails(account));
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
    if ((existing.details as { recovery_method?: unknown }).recovery_method === recoveryMethod) return;
    // The change and its event commit together: in the caller's transaction, or in one of their own.
    const account = { id: existing.id, app_id: owner.appId, user_id: owner.userId };
    await updateAccountDetails(ctx.db, account, details, now);
    return;
  }
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
