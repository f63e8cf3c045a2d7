import { DEFAULT_APP_CONFIG, type ServerAppConfig } from '@latch/protocol';

/** A complete server app config for unit tests: a new app's defaults with SMS and password recovery on. */
export function serverAppConfig(id: string, overrides: Partial<ServerAppConfig> = {}): ServerAppConfig {
  return {
    ...DEFAULT_APP_CONFIG,
    id,
    name: 'Acme',
    verification_key: '-----BEGIN PUBLIC KEY-----',
    created_at: 1_700_000_000,
    updated_at: 1_700_000_000,
    sms_auth: true,
    embedded_wallet_config: {
      ...DEFAULT_APP_CONFIG.embedded_wallet_config,
      user_owned_recovery_options: ['user-passcode'],
    },
    ...overrides,
  };
}
