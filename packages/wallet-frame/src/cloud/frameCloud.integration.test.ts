import { type DevIdp, startDevIdp } from '@latch/dev-idp';
import { cloudBackupName, RECOVERY_OAUTH_API, RECOVERY_OAUTH_RETURN_PARAM } from '@latch/protocol/cloudBackup';
import { WALLET_EVENT } from '@latch/protocol/frame';
import { IDBFactory } from 'fake-indexeddb';
import { sql } from 'kysely';
import { verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFrameWallet } from '../bootFrame.js';
import { combineShares } from '../keys/combineShares.js';
import { frameHost } from '../testing/frameHost.js';
import { type FrameTestServer, frameTestServer, PUBLIC_URL } from '../testing/frameTestServer.js';
import { cloudKeyFor, openWithCloud } from './cloudRecovery.js';

// Cloud backups end to end below the browser: the frame's routes and wallet, the real server (PGlite) and the dev
// IdP's Google OAuth + Drive v3 and CloudKit stand-ins over HTTP (docs/cloud-backup.md).

type Reply = { data?: { address?: `0x${string}`; url?: string; stateCode?: string; result?: `0x${string}` } };
type Host = (event: string, data: unknown) => Promise<Reply & { error?: { type: string; message: string } }>;

const HOST = 'https://host.example';
const RETURN = `${HOST}/wallet?tab=1`;
const FAST = { m: 256, t: 1, p: 1 };

let idp: DevIdp;
let env: FrameTestServer;
beforeAll(async () => {
  idp = await startDevIdp({ redirectUris: [`${PUBLIC_URL}/api/v1/oauth/callback`], providers: ['google'] });
  const ck = idp.cloudKit;
  env = await frameTestServer({
    app: { allowedOrigins: [HOST], config: { email_auth: true } },
    settings: {
      googleDriveApiUrl: idp.googleDrive.apiUrl,
      cloudKit: { apiUrl: ck.apiUrl, container: ck.container, environment: ck.environment, apiToken: ck.apiToken },
    },
  });
  // The app's Google client (`apps oauth set google`): backups use it with the drive.appdata scope.
  const google = idp.providers.google;
  if (!google) throw new Error('no Google stand-in');
  const publicConfig = { client_id: google.clientId, endpoints: google.endpoints };
  await env.server.ctx.loginCredentials.set(env.appId, 'google', publicConfig, google.clientSecret);
  // Two servers' start (keys, migrations) on a loaded machine.
}, 240_000);
afterAll(async () => {
  await env?.close();
  await idp?.close();
});

/** A frame page load of `email` in a fresh browser profile, its device registered by a fresh login. */
async function browser(email: string) {
  const login = await env.login(email);
  // The custody API in-process; the clouds over HTTP, as the page's fetch reaches them.
  const fetcher: typeof fetch = (input, init) =>
    String(input).startsWith(PUBLIC_URL) ? env.frameFetch(input, init) : fetch(input, init);
  const { driveApiUrl, cloudKit } = { driveApiUrl: idp.googleDrive.apiUrl, cloudKit: idp.cloudKit };
  const config = {
    ...env.config(),
    cloud: {
      driveApiUrl,
      cloudKit: { apiUrl: cloudKit.apiUrl, container: cloudKit.container, environment: cloudKit.environment },
    },
  };
  const wallet = await openFrameWallet(new IDBFactory(), config, { fetch: fetcher, argon2: FAST });
  const host = frameHost(wallet) as unknown as Host;
  const registered = await host(WALLET_EVENT.deviceRegister, { accessToken: login.token, deviceGrant: login.grant });
  expect(registered.error).toBeUndefined();
  return { token: login.token, host, wallet };
}

/** The popup's round trip: cloud-auth-init in the frame, the provider's sign-in as `account`, its code back. */
async function cloudAuth(
  b: { token: string; host: Host },
  provider: 'google-drive' | 'icloud',
  purpose: 'backup' | 'recover',
  account: string,
) {
  const init = await b.host(WALLET_EVENT.walletCloudAuthInit, {
    accessToken: b.token,
    provider,
    purpose,
    redirectTo: RETURN,
  });
  const { url, stateCode } = init.data ?? {};
  if (!url || !stateCode) throw new Error(`cloud-auth-init failed: ${JSON.stringify(init)}`);
  if (provider === 'icloud') return { authorizationCode: await icloudPopup(url, account), stateCode };
  const answer = await idp.followLogin(url, { email: account });
  expect(answer.redirectUri).toBe(`${PUBLIC_URL}/api/v1/recovery/oauth/callback`);
  return { authorizationCode: answer.params.code ?? '', stateCode };
}

/** The iCloud popup through the server: its start page's state cookie, CloudKit's sign-in, the callback's code. */
async function icloudPopup(url: string, account: string): Promise<string> {
  const start = await env.frameFetch(url, { redirect: 'manual' });
  const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const callback = `${PUBLIC_URL}${RECOVERY_OAUTH_API.callback}?ckWebAuthToken=${idp.cloudKit.signIn(account)}`;
  const back = await env.frameFetch(callback, { headers: { cookie }, redirect: 'manual' });
  expect(back.status).toBe(302);
  return new URL(back.headers.get('location') ?? '').searchParams.get(RECOVERY_OAUTH_RETURN_PARAM.code) ?? '';
}

async function signs(b: { token: string; host: Host }, address: `0x${string}`) {
  const request = { method: 'personal_sign', params: ['gm', address] };
  const signed = await b.host(WALLET_EVENT.walletRpc, { accessToken: b.token, address, request });
  const signature = signed.data?.result as `0x${string}`;
  expect(await verifyMessage({ address, message: 'gm', signature })).toBe(true);
}

describe('cloud backups through the frame (real server, dev IdP stand-ins)', () => {
  it('Google Drive: backs up at create, recovers the same address on a new device with the same Google account', async () => {
    const email = 'drive-ada@example.com';
    const first = await browser(email);
    const backup = await cloudAuth(first, 'google-drive', 'backup', 'ada@gmail.example');
    const created = await first.host(WALLET_EVENT.walletCreate, {
      accessToken: first.token,
      recoveryMethod: 'google-drive',
      cloudAuth: backup,
    });
    const address = created.data?.address as `0x${string}`;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(idp.googleDrive.fileNames('ada@gmail.example')).toEqual([cloudBackupName(env.appId, address)]);

    const second = await browser(email);
    const auth = await cloudAuth(second, 'google-drive', 'recover', 'ada@gmail.example');
    const recovered = await second.host(WALLET_EVENT.walletRecover, {
      accessToken: second.token,
      address,
      recoveryMethod: 'google-drive',
      cloudAuth: auth,
    });
    expect(recovered.data).toEqual({ address, recoveryMethod: 'google-drive' });
    await signs(second, address);
    // The round trip is single use: the same code and state again are refused.
    const again = await second.host(WALLET_EVENT.walletRecover, {
      accessToken: second.token,
      address,
      recoveryMethod: 'google-drive',
      cloudAuth: auth,
    });
    expect(again.error?.message).toBe('Unexpected auth flow. This may be a phishing attempt.');
  });

  it('the cloud file and the server-side ciphertext together open one share only: no key without the auth share', async () => {
    const email = 'drive-thief@example.com';
    const b = await browser(email);
    const backup = await cloudAuth(b, 'google-drive', 'backup', 'thief-target@gmail.example');
    const created = await b.host(WALLET_EVENT.walletCreate, {
      accessToken: b.token,
      recoveryMethod: 'google-drive',
      cloudAuth: backup,
    });
    const address = created.data?.address as `0x${string}`;
    // What a thief of the cloud file holds: a random key, no share, no address.
    const [file] = await readDrive(b, address, 'thief-target@gmail.example');
    expect(file).not.toContain(address.slice(2).toLowerCase());
    expect(Object.keys(JSON.parse(file ?? '{}')).sort()).toEqual([
      'app_id',
      'cloud_key',
      'share_set_id',
      'v',
      'wallet_id',
    ]);
    // …and with the server's database too: the ciphertext opens to the recovery share, one of a 2-of-3 split.
    const { rows } = await sql<{ id: string; sealed: string; set: string }>`
      select id, recovery_share_sealed as sealed, primary_share_set_id as set from embedded_wallets
      where lower(address) = ${address.toLowerCase()}`.execute(env.server.db);
    const row = rows[0];
    if (!row) throw new Error('no wallet row');
    const ids = { walletId: row.id, shareSetId: row.set };
    const sealed = Uint8Array.from(Buffer.from(row.sealed, 'base64url'));
    const share = await openWithCloud(sealed, cloudKeyFor([file ?? ''], env.appId, ids), ids, 'google-drive');
    expect(share.kind).toBe('recovery');
    await expect(combineShares([share], { walletId: row.id, address })).rejects.toMatchObject({
      code: 'not_enough_shares',
    });
    // The database never holds the cloud key.
    const key = JSON.parse(file ?? '{}').cloud_key as string;
    expect(await env.databaseText()).not.toContain(key);
  });

  it('refuses another Google account at recovery, and a deleted file is cloud_backup_not_found', async () => {
    const email = 'drive-bea@example.com';
    const first = await browser(email);
    const backup = await cloudAuth(first, 'google-drive', 'backup', 'bea@gmail.example');
    const created = await first.host(WALLET_EVENT.walletCreate, {
      accessToken: first.token,
      recoveryMethod: 'google-drive',
      cloudAuth: backup,
    });
    const address = created.data?.address as `0x${string}`;

    const other = await browser(email);
    const wrong = await cloudAuth(other, 'google-drive', 'recover', 'mallory@gmail.example');
    const refused = await other.host(WALLET_EVENT.walletRecover, {
      accessToken: other.token,
      address,
      recoveryMethod: 'google-drive',
      cloudAuth: wrong,
    });
    expect(refused.error?.type).toBe('cloud_account_mismatch');

    idp.googleDrive.deleteFiles('bea@gmail.example');
    const auth = await cloudAuth(other, 'google-drive', 'recover', 'bea@gmail.example');
    const missing = await other.host(WALLET_EVENT.walletRecover, {
      accessToken: other.token,
      address,
      recoveryMethod: 'google-drive',
      cloudAuth: auth,
    });
    expect(missing.error?.type).toBe('cloud_backup_not_found');
  });

  it('iCloud: backs up, recovers on a new device, switches to Google Drive; no password while on a cloud', async () => {
    const email = 'icloud-cy@example.com';
    const first = await browser(email);
    const backup = await cloudAuth(first, 'icloud', 'backup', 'cy@icloud.example');
    const created = await first.host(WALLET_EVENT.walletCreate, {
      accessToken: first.token,
      recoveryMethod: 'icloud',
      cloudAuth: backup,
    });
    const address = created.data?.address as `0x${string}`;
    expect(created.data).toEqual({ address, recoveryMethod: 'icloud' });

    const second = await browser(email);
    const auth = await cloudAuth(second, 'icloud', 'recover', 'cy@icloud.example');
    const recovered = await second.host(WALLET_EVENT.walletRecover, {
      accessToken: second.token,
      address,
      recoveryMethod: 'icloud',
      cloudAuth: auth,
    });
    expect(recovered.data).toEqual({ address, recoveryMethod: 'icloud' });

    const password = await second.host(WALLET_EVENT.walletSetRecoveryPassword, {
      accessToken: second.token,
      address,
      password: 'Secret-123',
    });
    expect(password.error?.type).toBe('recovery_uses_cloud_provider');

    const toDrive = await cloudAuth(second, 'google-drive', 'backup', 'cy@gmail.example');
    const switched = await second.host(WALLET_EVENT.walletSetRecoveryCloud, {
      accessToken: second.token,
      address,
      provider: 'google-drive',
      cloudAuth: toDrive,
    });
    expect(switched.data).toEqual({ address, recoveryMethod: 'google-drive' });
    const third = await browser(email);
    const fromDrive = await cloudAuth(third, 'google-drive', 'recover', 'cy@gmail.example');
    const again = await third.host(WALLET_EVENT.walletRecover, {
      accessToken: third.token,
      address,
      recoveryMethod: 'google-drive',
      cloudAuth: fromDrive,
    });
    expect(again.data).toEqual({ address, recoveryMethod: 'google-drive' });
    await signs(third, address);
  });
});

/** The wallet's Drive file as its owner reads it (files.list + files.get alt=media), after a fresh round trip. */
async function readDrive(b: Awaited<ReturnType<typeof browser>>, address: string, account: string) {
  const grant = await cloudAuth(b, 'google-drive', 'backup', account);
  const { wallet, token } = b;
  const target = await wallet.mfaRequest(token, (api) =>
    wallet.cloud.redeem(api, token, 'google-drive', 'backup', grant),
  );
  return target.load(address);
}
