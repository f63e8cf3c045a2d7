// Collects the key material of a live embedded wallet for the teardown's database scan: the device
// share (decrypted inside the frame with its non-extractable key), the auth share (fetched inside the
// frame by the frame's own custody client, with a device proof of this browser's device key), the
// entropy they combine to, its mnemonic and the private key (for an imported wallet: the key they combine to).
import { join } from 'node:path';
import { HDKey } from '@scure/bip32';
import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { combine } from 'shamir-secret-sharing';
import { privateKeyToAccount } from 'viem/accounts';
import { inject } from 'vitest';
import { type KnownSecret, recordKeyMaterial } from './keyMaterialScan.js';

// shareEnvelope.ts: version(1) ‖ kind(1) ‖ walletId(16) ‖ shareSetId(16) ‖ threshold(1) ‖ total(1) ‖ share.
const SHARE_HEADER_BYTES = 36;
// The version byte of an imported wallet's shares (their secret is the private key).
const IMPORTED_KEY_VERSION = 2;

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

let probeSource: Promise<string> | undefined;

/** frameCustodyProbe.ts as one script that defines `__latchCustodyProbe` (built once per run). */
function custodyProbe(): Promise<string> {
  probeSource ??= build({
    entryPoints: [join(import.meta.dirname, 'frameCustodyProbe.ts')],
    bundle: true,
    format: 'iife',
    globalName: '__latchCustodyProbe',
    platform: 'browser',
    // The monorepo's packages from source (scripts/tsdown.base.ts), not from their builds.
    conditions: ['@latch/source'],
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    // Playwright may evaluate the text inside a function: publish the IIFE's result on window.
    footer: { js: 'window.__latchCustodyProbe = __latchCustodyProbe;' },
  }).then((result) => result.outputFiles[0]?.text ?? '');
  return probeSource;
}

/** Reads the wallet's shares through the page's wallet frame and records every secret; returns the private key. */
export async function harvestKeyMaterial(
  page: Page,
  app: { appId: string; clientId: string },
  address: string,
): Promise<`0x${string}`> {
  const frame = page.frames().find((f) => f.url().includes(`/apps/${app.appId}/embedded-wallets`));
  if (!frame) throw new Error('No wallet frame in the page.');
  const token = await page.evaluate((key) => localStorage.getItem(key), `latch:${app.appId}:token`);
  if (!token) throw new Error('No access token in the page.');
  // DevTools evaluation, not a script tag: the frame's CSP does not apply (as for axe).
  await frame.evaluate(await custodyProbe());
  const shares = await frame.evaluate(
    async ({ address, token, appId, clientId }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('latch-embedded-wallet');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const get = (store: string, key: string) =>
        new Promise<unknown>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).get(key);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const key = (await get('keys', 'device-share-key')) as CryptoKey;
      const record = (await get('shares', address.toLowerCase())) as {
        walletId: string;
        shareSetId: string;
        iv: Uint8Array<ArrayBuffer>;
        ciphertext: ArrayBuffer;
      };
      const additionalData = new TextEncoder().encode(
        `latch-device-share|${address.toLowerCase()}|${record.walletId}|${record.shareSetId}`,
      );
      const device = new Uint8Array(
        await crypto.subtle.decrypt({ name: 'AES-GCM', iv: record.iv, additionalData }, key, record.ciphertext),
      );
      const probe = (window as unknown as { __latchCustodyProbe: typeof import('./frameCustodyProbe.js') })
        .__latchCustodyProbe;
      const auth = await probe.authShare({ appId, clientId, accessToken: token, shareSetId: record.shareSetId });
      return { device: Array.from(device), auth };
    },
    { address, token, appId: app.appId, clientId: app.clientId },
  );
  const device = Uint8Array.from(shares.device);
  const auth = new Uint8Array(Buffer.from(shares.auth, 'base64url'));
  const secret = await combine([device.slice(SHARE_HEADER_BYTES), auth.slice(SHARE_HEADER_BYTES)]);
  // Version 2 shares (an imported wallet) hold the private key itself; version 1 the BIP-39 entropy.
  const imported = device[0] === IMPORTED_KEY_VERSION;
  const mnemonic = imported ? null : entropyToMnemonic(secret, wordlist);
  const derived = mnemonic && HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive("m/44'/60'/0'/0/0");
  const privateKey = `0x${hex(derived ? (derived.privateKey as Uint8Array) : secret)}` as const;
  // The harvest is only worth scanning for if it rebuilds this very wallet.
  if (privateKeyToAccount(privateKey).address.toLowerCase() !== address.toLowerCase()) {
    throw new Error('The harvested shares do not rebuild the wallet.');
  }
  const secrets: KnownSecret[] = [
    { label: `private key of ${address}${imported ? ' (imported)' : ''}`, hex: privateKey.slice(2) },
    ...(mnemonic
      ? [
          { label: `entropy of ${address}`, hex: hex(secret) },
          { label: `mnemonic of ${address}`, hex: Buffer.from(mnemonic).toString('hex') },
        ]
      : []),
    { label: `device share of ${address}`, hex: hex(device.slice(SHARE_HEADER_BYTES)) },
    { label: `auth share of ${address}`, hex: hex(auth.slice(SHARE_HEADER_BYTES)) },
  ];
  recordKeyMaterial(inject('keyMaterialFile'), secrets);
  return privateKey;
}
