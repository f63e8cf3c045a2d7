import type { TestServer } from '../../../test/harness.js';

/** Stores an embedded wallet account as the embedded-wallet module does: a wallet account of client type `latch`. */
export async function insertEmbeddedWallet(server: TestServer, appId: string, userDid: string, address: string) {
  const user = await server.db
    .selectFrom('users')
    .select('id')
    .where('app_id', '=', appId)
    .execute()
    .then((rows) => rows.find((row) => userDid.endsWith(row.id)));
  const now = server.clock.now();
  await server.db
    .insertInto('linked_accounts')
    .values({
      app_id: appId,
      user_id: user!.id,
      type: 'wallet',
      account_key: address.toLowerCase(),
      details: JSON.stringify({
        address,
        chain_type: 'ethereum',
        chain_id: null,
        wallet_client_type: 'latch',
        connector_type: 'embedded',
        recovery_method: 'latch',
        imported: false,
      }),
      verified_at: now,
      first_verified_at: now,
      latest_verified_at: now,
      created_at: now,
    })
    .execute();
}
