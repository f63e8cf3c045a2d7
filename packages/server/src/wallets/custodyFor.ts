import type { ServerContext } from '../context.js';
import { loadMasterKey, loadPreviousMasterKeys } from '../crypto/masterKey.js';
import { loadRecoveryKeys } from '../crypto/recoveryKey.js';
import { createPasswordOprf } from './oprf.js';
import { WalletCustody } from './walletCustody.js';
import { createWalletKeyring, type WalletKeyring } from './walletKeyring.js';

const services = new WeakMap<ServerContext, WalletCustody>();
const keyrings = new WeakMap<ServerContext, WalletKeyring>();

/**
 * The wallet keyring of a server: master keys (LATCH_MASTER_KEY, LATCH_MASTER_KEY_PREVIOUS) and
 * recovery keys (LATCH_RECOVERY_KEY, LATCH_RECOVERY_KEY_PREVIOUS), built once per server
 * (`createLatchServer` builds it at start, so a missing or bad key stops the start).
 */
export function walletKeyringFor(ctx: Pick<ServerContext, 'settings'>): WalletKeyring {
  const key = ctx as ServerContext;
  let keyring = keyrings.get(key);
  if (!keyring) {
    const master = loadMasterKey(ctx.settings);
    keyring = createWalletKeyring(master, loadPreviousMasterKeys(ctx.settings), loadRecoveryKeys(ctx.settings, master));
    keyrings.set(key, keyring);
  }
  return keyring;
}

/** The wallet custody service of a server, built on first use from its keyring, database and short-lived store. */
export function custodyFor(ctx: ServerContext): WalletCustody {
  let custody = services.get(ctx);
  if (!custody) {
    const keyring = walletKeyringFor(ctx);
    // The app's database includes migration 010's tables; WalletCustody narrows its view to them.
    const db = ctx.db as unknown as ConstructorParameters<typeof WalletCustody>[0];
    custody = new WalletCustody(db, keyring, createPasswordOprf(keyring, ctx.shortLived.counters), ctx.clock);
    services.set(ctx, custody);
  }
  return custody;
}
