import { UsageError } from './usageError.js';

/** What `apps create --embedded-wallets` takes: embedded_wallet_config.create_on_login. */
const CREATE_ON_LOGIN_CHOICES = ['users-without-wallets', 'all-users', 'off'] as const;

/**
 * The embedded wallet a new app gives by default: one for each user without a wallet, made at login (what hosted
 * products do), so `apps create` gives a working wallet with no config. `--embedded-wallets off` or an explicit
 * `embedded_wallet_config.create_on_login` choose otherwise.
 */
export const DEFAULT_CREATE_ON_LOGIN = 'users-without-wallets';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The config patch of `apps create` with `embedded_wallet_config.create_on_login` filled in: from `flag`
 * (`--embedded-wallets`), else the patch's own, else DEFAULT_CREATE_ON_LOGIN. A patch that is no object is
 * returned as given (the config check names the problem). Throws UsageError for a bad flag, or a flag and a
 * config that both say it.
 */
export function withCreateOnLogin(config: unknown, flag: string | undefined): unknown {
  if (flag !== undefined && !(CREATE_ON_LOGIN_CHOICES as readonly string[]).includes(flag))
    throw new UsageError(`--embedded-wallets must be one of ${CREATE_ON_LOGIN_CHOICES.join(', ')}, got "${flag}".`);
  const patch = config ?? {};
  if (!isRecord(patch)) return patch;
  const wallet = patch.embedded_wallet_config;
  if (wallet !== undefined && !isRecord(wallet)) return patch;
  if (wallet?.create_on_login !== undefined) {
    if (flag !== undefined)
      throw new UsageError(
        'Give --embedded-wallets or embedded_wallet_config.create_on_login in the config, not both.',
      );
    return patch;
  }
  return { ...patch, embedded_wallet_config: { ...wallet, create_on_login: flag ?? DEFAULT_CREATE_ON_LOGIN } };
}
