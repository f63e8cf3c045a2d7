import { describe, expect, it } from 'vitest';
import { assertRunnable, parseCommand } from './commands.js';
import { DEFAULT_CREATE_ON_LOGIN, withCreateOnLogin } from './newAppConfig.js';

describe('apps create: the embedded wallet of a new app', () => {
  it('gives users without a wallet one at login by default, keeping the rest of the config', () => {
    expect(DEFAULT_CREATE_ON_LOGIN).toBe('users-without-wallets');
    expect(withCreateOnLogin(undefined, undefined)).toEqual({
      embedded_wallet_config: { create_on_login: 'users-without-wallets' },
    });
    expect(
      withCreateOnLogin({ sms_auth: true, embedded_wallet_config: { headless_signing: false } }, undefined),
    ).toEqual({
      sms_auth: true,
      embedded_wallet_config: { headless_signing: false, create_on_login: 'users-without-wallets' },
    });
  });

  it('follows --embedded-wallets, or the config when it says create_on_login, never both', () => {
    expect(withCreateOnLogin(undefined, 'off')).toEqual({ embedded_wallet_config: { create_on_login: 'off' } });
    expect(withCreateOnLogin({}, 'all-users')).toEqual({ embedded_wallet_config: { create_on_login: 'all-users' } });
    const own = { embedded_wallet_config: { create_on_login: 'off' } };
    expect(withCreateOnLogin(own, undefined)).toBe(own);
    expect(() => withCreateOnLogin(own, 'off')).toThrow(/not both/);
    expect(() => withCreateOnLogin(undefined, 'sometimes')).toThrow(
      '--embedded-wallets must be one of users-without-wallets, all-users, off, got "sometimes".',
    );
  });

  it('leaves a config that is no object to the config check, and refuses the flag outside apps create', () => {
    expect(withCreateOnLogin([1], undefined)).toEqual([1]);
    expect(() => assertRunnable(parseCommand(['apps', 'create', '--config', '[1]']))).toThrow(/JSON object/);
    expect(() => assertRunnable(parseCommand(['apps', 'create', '--embedded-wallets', 'sometimes']))).toThrow(
      /--embedded-wallets must be one of/,
    );
    expect(() => assertRunnable(parseCommand(['apps', 'update', 'a'.repeat(25), '--embedded-wallets', 'off']))).toThrow(
      /option of apps create/,
    );
    expect(() => assertRunnable(parseCommand(['apps', 'create', '--embedded-wallets', 'off']))).not.toThrow();
  });
});
