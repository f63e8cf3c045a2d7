import { LatchError } from '@latch/protocol';
import type { Settings } from '../../kernel/config/config.js';

/** CloudKit web services as the server uses them (the frame reads and writes the record itself). */
export type CloudKitSettings = NonNullable<Settings['cloudKit']>;

const TIMEOUT_MS = 10_000;

/** `…/database/1/{container}/{environment}/public/users/caller` with the API token and, when given, the web auth token. */
function callerUrl(settings: CloudKitSettings, webAuthToken?: string): string {
  const { apiUrl, container, environment, apiToken } = settings;
  const url = new URL(`${apiUrl}/database/1/${encodeURIComponent(container)}/${environment}/public/users/caller`);
  url.searchParams.set('ckAPIToken', apiToken);
  if (webAuthToken) url.searchParams.set('ckWebAuthToken', webAuthToken);
  return url.href;
}

/**
 * CloudKit's sign-in URL: `users/caller` without a web auth token answers 421 AUTHENTICATION_REQUIRED with a
 * `redirectURL` (CloudKit Web Services Reference, "Composing Web Service Requests").
 */
export async function cloudKitSignInUrl(settings: CloudKitSettings): Promise<string> {
  const response = await fetch(callerUrl(settings), { signal: AbortSignal.timeout(TIMEOUT_MS) }).catch(() => null);
  const body = (await response?.json().catch(() => null)) as { redirectURL?: unknown } | null;
  if (response?.status === 421 && typeof body?.redirectURL === 'string' && /^https?:\/\//.test(body.redirectURL)) {
    return body.redirectURL;
  }
  throw new LatchError('cloud_provider_error');
}

/** The signed-in user's `userRecordName` for a web auth token; `unknown_auth_error` when CloudKit refuses it. */
export async function cloudKitUser(settings: CloudKitSettings, webAuthToken: string): Promise<string> {
  const response = await fetch(callerUrl(settings, webAuthToken), { signal: AbortSignal.timeout(TIMEOUT_MS) }).catch(
    () => null,
  );
  if (!response) throw new LatchError('cloud_provider_error');
  if (response.status === 401 || response.status === 421) throw new LatchError('unknown_auth_error');
  const body = (await response.json().catch(() => null)) as { userRecordName?: unknown } | null;
  if (!response.ok || typeof body?.userRecordName !== 'string' || body.userRecordName.length === 0) {
    throw new LatchError('cloud_provider_error');
  }
  return body.userRecordName;
}
