import { randomBytes } from 'node:crypto';
import { ConfigError, type Settings } from '../config/config.js';
import { decodeKeyList, loadKeyFile } from './masterKey.js';

/** The provider-recovery keys: the one new recovery keys are sealed under, and earlier ones. */
export interface RecoveryKeys {
  current: Buffer;
  previous: Buffer[];
}

type RecoverySettings = Pick<
  Settings,
  'recoveryKey' | 'recoveryKeyPrevious' | 'dev' | 'dataDir' | 'inMemoryDb' | 'databaseUrl'
>;

/**
 * The provider-recovery key: LATCH_RECOVERY_KEY; in dev mode `<dataDir>/recovery.key` (generated when
 * absent), or a random key for an in-memory database (nothing outlives the process to need it again).
 * Required outside dev mode, and it must differ from the master key: it is a key of its own so that
 * the master key alone (or a leak of it) does not open provider recovery, and so each can be rotated.
 */
export function loadRecoveryKeys(settings: RecoverySettings, masterKey: Buffer): RecoveryKeys {
  const ephemeral = settings.dev && settings.inMemoryDb && !settings.databaseUrl && !settings.recoveryKey;
  const current = ephemeral
    ? randomBytes(32)
    : loadKeyFile(
        settings.recoveryKey,
        'LATCH_RECOVERY_KEY',
        'recovery.key',
        settings,
        'LATCH_RECOVERY_KEY is required outside dev mode: set it to 32 random bytes in base64 (`openssl rand -base64 32`), different from LATCH_MASTER_KEY, and back it up with the database; it encrypts the keys of provider-managed wallet recovery. For local development, set LATCH_DEV=1 instead.',
      );
  if (current.equals(masterKey)) {
    throw new ConfigError('LATCH_RECOVERY_KEY must be a different key from LATCH_MASTER_KEY.');
  }
  return { current, previous: decodeKeyList(settings.recoveryKeyPrevious, 'LATCH_RECOVERY_KEY_PREVIOUS') };
}
