import type { ServerContext } from '../context.js';
import { loadMasterKey } from '../crypto/masterKey.js';
import { createPasswordOprf } from './oprf.js';
import { WalletCustody } from './walletCustody.js';
import { createWalletKeyring } from './walletKeyring.js';

const services = new WeakMap<ServerContext, WalletCustody>();

/** The wallet custody service of a server, built on first use from its master key, database and short-lived store. */
export function custodyFor(ctx: ServerContext): WalletCustody {
  let custody = services.get(ctx);
  if (!custody) {
    const keyring = createWalletKeyring(loadMasterKey(ctx.settings));
    // The app's database includes migration 010's tables; WalletCustody narrows its view to them.
    const db = ctx.db as unknown as ConstructorParameters<typeof WalletCustody>[0];
    custody = new WalletCustody(db, keyring, createPasswordOprf(keyring, ctx.shortLived), ctx.clock);
    services.set(ctx, custody);
  }
  return custody;
}
