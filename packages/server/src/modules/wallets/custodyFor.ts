import type { ServerContext } from '../../kernel/context.js';
import { createPasswordOprf } from './oprf.js';
import { WalletCustody } from './walletCustody.js';

/** Builds the wallet custody service from the keyring, the database and the short-lived store's durable counters. */
export function buildCustody(ctx: Pick<ServerContext, 'db' | 'shortLived' | 'clock' | 'keyring'>) {
  return new WalletCustody(ctx.db, ctx.keyring, createPasswordOprf(ctx.keyring, ctx.shortLived.counters), ctx.clock);
}
