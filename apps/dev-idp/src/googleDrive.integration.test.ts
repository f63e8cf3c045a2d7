import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevIdp } from './index.js';
import { startDevIdp } from './index.js';
import { CALLBACK, testFlow } from './testing/testFlow.js';

// The Drive v3 stand-in speaks Drive's documented shape for the calls a cloud backup makes, and only to an access
// token of the Google stand-in that carries drive.appdata, in the appDataFolder.

const APPDATA = 'https://www.googleapis.com/auth/drive.appdata';
let idp: DevIdp;
const { authorize, exchange } = testFlow(() => idp);

beforeAll(async () => {
  idp = await startDevIdp({ redirectUris: [CALLBACK], providers: ['google'] });
});
afterAll(async () => {
  await idp.close();
});

/** A Google access token of `email` with the scopes asked for. */
async function tokenFor(email: string, scope: string): Promise<string> {
  const flow = await authorize('google', email, { scope });
  return (await exchange('google', flow)).access_token;
}

function upload(token: string, name: string, content: string, parents: string[] = ['appDataFolder']) {
  const body = [
    '--b1',
    'Content-Type: application/json; charset=UTF-8',
    '',
    JSON.stringify({ name, parents }),
    '--b1',
    'Content-Type: application/json',
    '',
    content,
    '--b1--',
    '',
  ].join('\r\n');
  return fetch(`${idp.googleDrive.apiUrl}/upload/drive/v3/files?uploadType=multipart`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/related; boundary=b1' },
    body,
  });
}

function list(token: string, q: string, spaces = 'appDataFolder') {
  const url = new URL(`${idp.googleDrive.apiUrl}/drive/v3/files`);
  url.searchParams.set('spaces', spaces);
  url.searchParams.set('q', q);
  url.searchParams.set('orderBy', 'createdTime desc');
  return fetch(url, { headers: { authorization: `Bearer ${token}` } });
}

describe('Google Drive v3 stand-in', () => {
  it('creates, lists by name (newest first), reads with alt=media and deletes, per account', async () => {
    const token = await tokenFor('drive-a@example.com', `openid ${APPDATA}`);
    const first = await upload(token, 'backup.json', '{"n":1}');
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ kind: 'drive#file', name: 'backup.json', id: expect.any(String) });
    await upload(token, 'backup.json', '{"n":2}');
    await upload(token, 'other.json', '{}');
    const listed = (await (await list(token, "name = 'backup.json' and trashed = false")).json()) as {
      files: Array<{ id: string }>;
    };
    expect(listed.files).toHaveLength(2);
    const newest = await fetch(`${idp.googleDrive.apiUrl}/drive/v3/files/${listed.files[0]?.id}?alt=media`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await newest.text()).toBe('{"n":2}');
    // Another Google account sees none of them.
    const other = await tokenFor('drive-b@example.com', `openid ${APPDATA}`);
    expect(((await (await list(other, "name = 'backup.json'")).json()) as { files: unknown[] }).files).toEqual([]);
    const removed = await fetch(`${idp.googleDrive.apiUrl}/drive/v3/files/${listed.files[0]?.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.status).toBe(204);
    expect(idp.googleDrive.fileNames('drive-a@example.com').sort()).toEqual(['backup.json', 'other.json']);
    idp.googleDrive.deleteFiles('drive-a@example.com');
    expect(idp.googleDrive.fileNames('drive-a@example.com')).toEqual([]);
  });

  it('refuses no token, a token without drive.appdata, and anything outside appDataFolder', async () => {
    const noToken = await fetch(`${idp.googleDrive.apiUrl}/drive/v3/files?spaces=appDataFolder`);
    expect(noToken.status).toBe(401);
    expect(((await noToken.json()) as { error: { code: number } }).error.code).toBe(401);
    const loginOnly = await tokenFor('drive-c@example.com', 'openid email');
    expect((await list(loginOnly, "name = 'x'")).status).toBe(403);
    const token = await tokenFor('drive-c@example.com', `openid ${APPDATA}`);
    expect((await list(token, "name = 'x'", 'drive')).status).toBe(403);
    expect((await upload(token, 'x.json', '{}', ['root'])).status).toBe(403);
    expect((await list(token, "mimeType = 'x'")).status).toBe(400);
  });
});
