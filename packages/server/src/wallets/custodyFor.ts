import type { ServerContext } from '../context.js';
import { loadMasterKey, loadPreviousMasterKeys } from '../crypto/masterKey.js';
import { loadRecoveryKeys } from '../crypto/recoveryKey.js';
import { createPasswordOprf } from './oprf.js';
import { WalletCustody } from './walletCustody.js';
import { createWalletKeyring, type WalletKeyring } from './walletKeyring.js';

const services = new WeakMap<ServerContext, WalletCustody>();
const keyrings = new WeakMap<ServerContext, WalletKeyring>();

/**
 * Builds a wallet keyring from the settings: master keys (LATCH_MASTER_KEY, LATCH_MASTER_KEY_PREVIOUS)
 * and recovery keys (LATCH_RECOVERY_KEY, LATCH_RECOVERY_KEY_PREVIOUS). Throws a ConfigError for a
 * missing or bad key.
 */
export function buildWalletKeyring(settings: ServerContext['settings']): WalletKeyring {
  const master = loadMasterKey(settings);
  return createWalletKeyring(master, loadPreviousMasterKeys(settings), loadRecoveryKeys(settings, master));
}

/** Makes `keyring` the server's (`createLatchServer` builds it before opening the database). */
export function attachWalletKeyring(ctx: ServerContext, keyring: WalletKeyring): void {
  keyrings.set(ctx, keyring);
}

/** The wallet keyring of a server, built once per server. */
export function walletKeyringFor(ctx: ServerContext): WalletKeyring {
  let keyring = keyrings.get(ctx);
  if (!keyring) {
    keyring = buildWalletKeyring(ctx.settings);
    keyrings.set(ctx, keyring);
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
