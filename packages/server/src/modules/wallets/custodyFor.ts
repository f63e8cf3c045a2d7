import type { Settings } from '../../kernel/config/config.js';
import type { ServerContext } from '../../kernel/context.js';
import { loadPreviousMasterKeys } from '../../kernel/crypto/masterKey.js';
import { loadRecoveryKeys } from '../../kernel/crypto/recoveryKey.js';
import { createPasswordOprf } from './oprf.js';
import { WalletCustody } from './walletCustody.js';
import { createWalletKeyring, type WalletKeyring } from './walletKeyring.js';

/**
 * Builds the wallet keyring: the master key (loaded once by the caller), earlier master keys
 * (LATCH_MASTER_KEY_PREVIOUS) and recovery keys (LATCH_RECOVERY_KEY, LATCH_RECOVERY_KEY_PREVIOUS).
 * Throws a ConfigError for a missing or bad key.
 */
export function buildWalletKeyring(settings: Settings, masterKey: Buffer): WalletKeyring {
  return createWalletKeyring(masterKey, loadPreviousMasterKeys(settings), loadRecoveryKeys(settings, masterKey));
}

/** Builds the wallet custody service from the keyring, the database and the short-lived store's durable counters. */
export function buildCustody(ctx: Pick<ServerContext, 'db' | 'shortLived' | 'clock'>, keyring: WalletKeyring) {
  // The app's database includes migration 010's tables; WalletCustody narrows its view to them.
  const db = ctx.db as unknown as ConstructorParameters<typeof WalletCustody>[0];
  return new WalletCustody(db, keyring, createPasswordOprf(keyring, ctx.shortLived.counters), ctx.clock);
}
