import { LatchError } from '@latch/protocol';
import { CLOUD_BACKUP, type CloudEndpoints, type WireCloudAuthorization } from '@latch/protocol/cloudBackup';

/** The user's own cloud as the frame uses it: named files (Drive appDataFolder) or records (CloudKit private database). */
export interface CloudFileStore {
  /** Every file named `name` (Drive allows several; CloudKit has at most one), newest first; [] when none. */
  read(name: string): Promise<string[]>;
  /** Writes `content` under `name`, replacing what was there. */
  write(name: string, content: string): Promise<void>;
}

const TIMEOUT_MS = 15_000;
const DRIVE_API = 'https://www.googleapis.com';

// A provider that cannot be reached or answers nonsense: the user can only try again later.
const providerError = () => new LatchError('cloud_provider_error');

async function send(fetcher: typeof fetch, url: string, init: RequestInit): Promise<Response> {
  const response = await fetcher(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) }).catch(() => null);
  if (!response) throw providerError();
  // An expired or revoked token: the round trip has to start again.
  if (response.status === 401 || response.status === 403 || response.status === 421) {
    throw new LatchError('unknown_auth_error', 'The cloud provider refused the sign-in. Try again.');
  }
  return response;
}

/**
 * Google Drive v3 in the hidden appDataFolder (developers.google.com/drive/api/guides/appdata): files.list with
 * `spaces=appDataFolder` and `q=name = '…'`, files.get `alt=media`, files.create (multipart upload), files.delete.
 */
function driveStore(base: string, accessToken: string, fetcher: typeof fetch): CloudFileStore {
  const headers = { authorization: `Bearer ${accessToken}` };
  const files = `${base}/drive/v3/files`;
  const list = async (name: string): Promise<string[]> => {
    const url = new URL(files);
    url.searchParams.set('spaces', 'appDataFolder');
    url.searchParams.set('q', `name = '${name.replaceAll("'", "\\'")}' and trashed = false`);
    url.searchParams.set('fields', 'files(id,name,createdTime)');
    url.searchParams.set('orderBy', 'createdTime desc');
    const response = await send(fetcher, url.href, { headers });
    const body = (await response.json().catch(() => null)) as { files?: Array<{ id?: unknown }> } | null;
    if (!response.ok || !Array.isArray(body?.files)) throw providerError();
    return body.files.map((f) => f.id).filter((id): id is string => typeof id === 'string' && id.length > 0);
  };
  return {
    async read(name) {
      const out: string[] = [];
      for (const id of await list(name)) {
        const response = await send(fetcher, `${files}/${encodeURIComponent(id)}?alt=media`, { headers });
        // Deleted between the list and the read: as if it was never there.
        if (response.status === 404) continue;
        if (!response.ok) throw providerError();
        out.push(await response.text());
      }
      return out;
    },
    async write(name, content) {
      const old = await list(name);
      const boundary = `latch-${crypto.randomUUID()}`;
      const metadata = JSON.stringify({ name, parents: ['appDataFolder'], mimeType: 'application/json' });
      const body = [
        `--${boundary}`,
        'Content-Type: application/json; charset=UTF-8',
        '',
        metadata,
        `--${boundary}`,
        'Content-Type: application/json',
        '',
        content,
        `--${boundary}--`,
        '',
      ].join('\r\n');
      const created = await send(fetcher, `${base}/upload/drive/v3/files?uploadType=multipart&fields=id`, {
        method: 'POST',
        headers: { ...headers, 'content-type': `multipart/related; boundary=${boundary}` },
        body,
      });
      if (!created.ok) throw providerError();
      // The new file is in place: the older copies go (a failed delete leaves a stale copy the reader skips).
      for (const id of old) {
        await send(fetcher, `${files}/${encodeURIComponent(id)}`, { method: 'DELETE', headers }).catch(() => null);
      }
    },
  };
}

/**
 * CloudKit web services' private database (CloudKit Web Services Reference: records/lookup, records/modify), with
 * the app's API token and the user's web auth token. The record holds the content in its string field `blob`.
 */
function cloudKitStore(
  ck: NonNullable<CloudEndpoints['cloudKit']>,
  apiToken: string,
  webAuthToken: string,
  fetcher: typeof fetch,
): CloudFileStore {
  const call = async (op: 'lookup' | 'modify', body: object) => {
    const url = new URL(
      `${ck.apiUrl}/database/1/${encodeURIComponent(ck.container)}/${ck.environment}/private/records/${op}`,
    );
    url.searchParams.set('ckAPIToken', apiToken);
    url.searchParams.set('ckWebAuthToken', webAuthToken);
    const response = await send(fetcher, url.href, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => null)) as { records?: unknown } | null;
    if (!response.ok || !Array.isArray(answer?.records)) throw providerError();
    return answer.records as Array<{ serverErrorCode?: string; fields?: { blob?: { value?: unknown } } }>;
  };
  return {
    async read(name) {
      const [record] = await call('lookup', { records: [{ recordName: name }] });
      if (!record || record.serverErrorCode === 'NOT_FOUND') return [];
      const value = record.fields?.blob?.value;
      if (record.serverErrorCode || typeof value !== 'string') throw providerError();
      return [value];
    },
    async write(name, content) {
      const record = {
        recordName: name,
        recordType: CLOUD_BACKUP.cloudKitRecordType,
        fields: { blob: { value: content } },
      };
      const [saved] = await call('modify', { operations: [{ operationType: 'forceReplace', record }] });
      if (!saved || saved.serverErrorCode) throw providerError();
    },
  };
}

/** The store an authenticate answer opens: Drive with Google's token, CloudKit with the web auth token. */
export function cloudFileStore(
  authorization: WireCloudAuthorization,
  endpoints: CloudEndpoints,
  fetcher: typeof fetch = fetch,
): CloudFileStore {
  if (authorization.provider === 'google-drive') {
    return driveStore(endpoints.driveApiUrl ?? DRIVE_API, authorization.access_token, fetcher);
  }
  if (!endpoints.cloudKit) throw new LatchError('cloud_provider_not_configured');
  return cloudKitStore(endpoints.cloudKit, authorization.api_token, authorization.access_token, fetcher);
}
