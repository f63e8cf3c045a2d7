import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';

// A stand-in build laid out as packages/wallet-frame/build.mjs lays it out: hashed names, their gzip and brotli
// copies, and the manifest. The routes serve the built files, whatever they hold.
const frameDir = mkdtempSync(join(tmpdir(), 'latch-frame-'));
const FRAME = 'frame-AB12CD34.js';
const EXPORT = 'export-EF56GH78.js';
const frameSource = `export const built = true; // ${'padding '.repeat(50)}`;
for (const [name, source] of [
  [FRAME, frameSource],
  [EXPORT, 'export const exportPage = true;'],
] as const) {
  writeFileSync(join(frameDir, name), source);
  writeFileSync(join(frameDir, `${name}.gz`), gzipSync(source));
  writeFileSync(join(frameDir, `${name}.br`), brotliCompressSync(source));
}
writeFileSync(join(frameDir, 'manifest.json'), JSON.stringify({ 'frame.js': FRAME, 'export.js': EXPORT }));
const unbuiltDir = mkdtempSync(join(tmpdir(), 'latch-frame-unbuilt-'));

forEachBackend(
  'embedded wallet frame page',
  (server) => {
    it("serves the frame page under the app's frame-ancestors with its config as JSON data", async () => {
      const { appId, clientId } = await server().createApp({ allowedOrigins: ['https://host.example'] });
      const response = await server().call('GET', `/apps/${appId}/embedded-wallets?caid=abc&client_id=${clientId}`);
      expect(response.status).toBe(200);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain('frame-ancestors https://host.example');
      // The frame derives the password key with Argon2id in WebAssembly: it may compile WASM, never eval JS.
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
      expect(csp).not.toContain("'unsafe-eval'");
      expect(csp).toContain("default-src 'none'");
      const html = await response.text();
      const json = html.match(/<script type="application\/json" id="latch-frame-config">(.*?)<\/script>/)?.[1];
      expect(JSON.parse(json ?? 'null')).toEqual({
        appId,
        clientId,
        apiUrl: 'http://localhost:8787',
        issuer: 'http://localhost:8787',
        allowedOrigins: ['https://host.example'],
        // Off by default (issue #24): the frame asks for a click on its own confirmation.
        headlessSigning: false,
      });
      const integrity = `sha384-${createHash('sha384').update(frameSource).digest('base64')}`;
      expect(html).toContain(
        `<script type="module" src="/apps/${appId}/embedded-wallets/${FRAME}" integrity="${integrity}"></script>`,
      );
      // The page names the current build: never cached, so a new build reaches every user at once.
      expect(response.headers.get('cache-control')).toBe('no-store');

      const script = await server().call('GET', `/apps/${appId}/embedded-wallets/${FRAME}`);
      expect(script.headers.get('content-type')).toContain('text/javascript');
      expect(await script.text()).toBe(frameSource);
    });

    it('serves the hashed scripts as immutable, brotli or gzip as accepted, with an ETag that answers 304', async () => {
      const { appId } = await server().createApp({ allowedOrigins: ['https://host.example'] });
      const path = `/apps/${appId}/embedded-wallets/${FRAME}`;
      const get = (headers: Record<string, string>) => server().call('GET', path, { headers });

      const brotli = await get({ 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(brotli.headers.get('content-encoding')).toBe('br');
      expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(brotli.headers.get('vary')).toBe('accept-encoding');
      const brotliBytes = Buffer.from(await brotli.arrayBuffer());
      expect(brotliDecompressSync(brotliBytes).toString()).toBe(frameSource);
      expect(brotliBytes.length).toBeLessThan(frameSource.length);

      const gzip = await get({ 'accept-encoding': 'gzip, br;q=0' });
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(frameSource);

      const plain = await get({});
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(frameSource);

      const etag = brotli.headers.get('etag') ?? '';
      expect(etag).toContain('AB12CD34');
      expect(etag).not.toBe(plain.headers.get('etag'));
      const again = await get({ 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
    });

    it("answers 404, never cached, for a name that is not the current build's (an older hash, the stable name)", async () => {
      const { appId } = await server().createApp({ allowedOrigins: ['https://host.example'] });
      for (const name of ['frame-ZZZZZZZZ.js', 'frame.js', 'manifest.json', `${FRAME}.br`]) {
        const response = await server().call('GET', `/apps/${appId}/embedded-wallets/${name}`);
        expect(response.status, name).toBe(404);
        expect(response.headers.get('cache-control') ?? '', name).not.toContain('immutable');
      }
    });

    it("answers an unknown app with a 404 nobody may frame, and drops another app's client id", async () => {
      const unknown = await server().call('GET', `/apps/${'x'.repeat(25)}/embedded-wallets`);
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(unknown.headers.get('content-security-policy')).not.toContain('wasm');

      const other = await server().createApp({ allowedOrigins: ['https://other.example'] });
      const { appId } = await server().createApp({ allowedOrigins: ['https://host.example'] });
      const html = await (
        await server().call('GET', `/apps/${appId}/embedded-wallets?client_id=${other.clientId}`)
      ).text();
      expect(html).not.toContain(other.clientId);
    });

    it('renders the clouds the app offers (docs/cloud-backup.md) into its config and connect-src, and no other', async () => {
      const config = (json: string) => JSON.parse(json.match(/id="latch-frame-config">(.*?)<\/script>/)?.[1] ?? 'null');
      const offers = async (options: string[]) => {
        const recovery = { embedded_wallet_config: { user_owned_recovery_options: options } };
        const { appId } = await server().createApp({ allowedOrigins: ['https://host.example'], config: recovery });
        const response = await server().call('GET', `/apps/${appId}/embedded-wallets`);
        return {
          csp: response.headers.get('content-security-policy') ?? '',
          cloud: config(await response.text()).cloud,
        };
      };
      const drive = await offers(['google-drive', 'user-passcode']);
      expect(drive.cloud).toEqual({ driveApiUrl: 'https://drive.test' });
      expect(drive.csp).toContain("connect-src 'self' https://drive.test;");
      const both = await offers(['google-drive', 'icloud']);
      expect(both.cloud).toEqual({
        driveApiUrl: 'https://drive.test',
        cloudKit: { apiUrl: 'https://cloudkit.test', container: 'iCloud.test.app', environment: 'development' },
      });
      expect(both.csp).toContain("connect-src 'self' https://drive.test https://cloudkit.test;");
      // The API token stays on the server until a round trip hands it over.
      expect(JSON.stringify(both.cloud)).not.toContain('ck-token');
      const none = await offers(['user-passcode']);
      expect(none.cloud).toBeUndefined();
      expect(none.csp).toContain("connect-src 'self';");
    });

    it('serves the key export page beside the frame, under the same frame-ancestors and CSP', async () => {
      const { appId, clientId } = await server().createApp({ allowedOrigins: ['https://host.example'] });
      const address = '0x52908400098527886E0F7030069857D2E4169EE7';
      const response = await server().call(
        'GET',
        `/apps/${appId}/embedded-wallets/export?client_id=${clientId}&address=${address}&width=360&background=%23ffffff`,
      );
      expect(response.status).toBe(200);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain('frame-ancestors https://host.example');
      // The export page derives no password key: no WebAssembly there.
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toContain('wasm');
      expect(csp).toContain("connect-src 'self'");
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = await response.text();
      expect(html).toMatch(
        new RegExp(
          `<script type="module" src="/apps/${appId}/embedded-wallets/${EXPORT}" integrity="sha384-[A-Za-z0-9+/=]+"></script>`,
        ),
      );
      const json = html.match(/<script type="application\/json" id="latch-frame-config">(.*?)<\/script>/)?.[1];
      expect(JSON.parse(json ?? 'null')).toMatchObject({ appId, clientId, allowedOrigins: ['https://host.example'] });
      const script = await server().call('GET', `/apps/${appId}/embedded-wallets/${EXPORT}`);
      expect(await script.text()).toBe('export const exportPage = true;');

      const unknown = await server().call('GET', `/apps/${'x'.repeat(25)}/embedded-wallets/export?address=${address}`);
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    });
  },
  {
    settings: {
      frameDir,
      googleDriveApiUrl: 'https://drive.test',
      cloudKit: {
        apiUrl: 'https://cloudkit.test',
        container: 'iCloud.test.app',
        environment: 'development',
        apiToken: 'ck-token',
      },
    },
  },
);

forEachBackend(
  'embedded wallet frame page, frame not built',
  (server) => {
    it('answers 503 with the build command, never cached', async () => {
      const { appId } = await server().createApp({ allowedOrigins: ['https://host.example'] });
      const response = await server().call('GET', `/apps/${appId}/embedded-wallets`);
      expect(response.status).toBe(503);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toContain('node packages/wallet-frame/build.mjs');
    });
  },
  { settings: { frameDir: unbuiltDir } },
);
