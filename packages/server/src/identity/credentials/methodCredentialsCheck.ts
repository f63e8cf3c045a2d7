import { LatchError, LOGIN_METHOD_FLAG } from '@latch/protocol';
import {
  DEFAULT_HOST_CONFIG,
  type HostAppConfig,
  mergeHostConfig,
  parseHostConfigPatch,
} from '../apps/appConfigSchema.js';
import type { AppRecord } from '../apps/appStore.js';
import {
  CREDENTIAL_METHODS,
  type CredentialMethod,
  type LoginCredentials,
  OPTIONAL_CREDENTIAL_METHODS,
} from './LoginCredentials.js';

/** The app config flag a credential method turns on: `<provider>_oauth`, or `telegram_auth`. */
const credentialMethodFlag = (method: CredentialMethod) => LOGIN_METHOD_FLAG[method];

/** The CLI command that sets a method's credentials (named in the refusal). */
function credentialsCommand(method: CredentialMethod, appId = '<app-id>'): string {
  return method === 'telegram'
    ? `latch-server apps telegram set ${appId} …`
    : `latch-server apps oauth set ${appId} ${method} --client-id ID …`;
}

/** The credential methods a config turns on whose login needs the credentials. */
function enabledCredentialMethods(config: HostAppConfig): CredentialMethod[] {
  return CREDENTIAL_METHODS.filter(
    (method) => config[credentialMethodFlag(method)] === true && !OPTIONAL_CREDENTIAL_METHODS.includes(method),
  );
}

/**
 * Refuses (`invalid_data`, naming the CLI command) a config that turns on an OAuth provider or Telegram
 * whose credentials the app does not have: a button that cannot log anyone in is worse than none. A new
 * app (`app` undefined) has no credentials yet: it is created first, then given credentials, then the method.
 */
export async function assertConfiguredMethods(
  credentials: LoginCredentials,
  app: AppRecord | undefined,
  configPatch: unknown,
): Promise<void> {
  if (configPatch === undefined) return;
  const config = mergeHostConfig(app?.config ?? DEFAULT_HOST_CONFIG, parseHostConfigPatch(configPatch));
  const enabled = enabledCredentialMethods(config);
  if (enabled.length === 0) return;
  const configured = app ? await credentials.configuredMethods(app.id) : [];
  const missing = enabled.filter((method) => !configured.includes(method));
  if (missing.length === 0) return;
  const method = missing[0] as CredentialMethod;
  throw new LatchError(
    'invalid_data',
    `${credentialMethodFlag(method)} needs the app's ${method} credentials first: ${credentialsCommand(method, app?.id)}`,
  );
}

/** Refuses removing the credentials of a method the app has on (turn the method off first). */
export function assertRemovable(app: AppRecord, method: CredentialMethod): void {
  const flag = credentialMethodFlag(method);
  if (app.config[flag] === true && !OPTIONAL_CREDENTIAL_METHODS.includes(method)) {
    throw new LatchError('invalid_data', `${flag} is on: turn it off before removing the ${method} credentials.`);
  }
}
