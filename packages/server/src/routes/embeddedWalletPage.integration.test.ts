import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { forEachBackend } from '../test/harness.js';

// A stand-in bundle: the page route only serves the built file, whatever it holds.
const frameDir = mkdtempSync(join(tmpdir(), 'latch-frame-'));
writeFileSync(join(frameDir, 'frame.js'), 'export const built = true;');
writeFileSync(join(frameDir, 'export.js'), 'export const exportPage = true;');

forEachBackend(
  'embedded wallet frame page',
  (server) => {
    it("serves the frame page under the app's frame-ancestors with its config as JSON data", async () => {
      const { appId, clientId } = await server().createApp({ allowedOrigins: ['https://host.example'] });
      const response = await server().call('GET', `/apps/${appId}/embedded-wallets?caid=abc&client_id=${clientId}`);
      expect(response.status).toBe(200);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain('frame-ancestors https://host.example');
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("default-src 'none'");
      const html = await response.text();
      const json = html.match(/<script type="application\/json" id="latch-frame-config">(.*?)<\/script>/)?.[1];
      expect(JSON.parse(json ?? 'null')).toEqual({
        appId,
        clientId,
        apiUrl: 'http://localhost:8787',
        issuer: 'http://localhost:8787',
        allowedOrigins: ['https://host.example'],
      });
      expect(html).toContain(`<script type="module" src="/apps/${appId}/embedded-wallets/frame.js"></script>`);

      const script = await server().call('GET', `/apps/${appId}/embedded-wallets/frame.js`);
      expect(script.headers.get('content-type')).toContain('text/javascript');
      expect(await script.text()).toBe('export const built = true;');
    });

    it("answers an unknown app with a 404 nobody may frame, and drops another app's client id", async () => {
      const unknown = await server().call('GET', `/apps/${'x'.repeat(25)}/embedded-wallets`);
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

      const other = await server().createApp({ allowedOrigins: ['https://other.example'] });
      const { appId } = await server().createApp({ allowedOrigins: ['https://host.example'] });
      const html = await (
        await server().call('GET', `/apps/${appId}/embedded-wallets?client_id=${other.clientId}`)
      ).text();
      expect(html).not.toContain(other.clientId);
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
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = await response.text();
      expect(html).toContain(`<script type="module" src="/apps/${appId}/embedded-wallets/export.js"></script>`);
      const json = html.match(/<script type="application\/json" id="latch-frame-config">(.*?)<\/script>/)?.[1];
      expect(JSON.parse(json ?? 'null')).toMatchObject({ appId, clientId, allowedOrigins: ['https://host.example'] });
      const script = await server().call('GET', `/apps/${appId}/embedded-wallets/export.js`);
      expect(await script.text()).toBe('export const exportPage = true;');

      const unknown = await server().call('GET', `/apps/${'x'.repeat(25)}/embedded-wallets/export?address=${address}`);
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    });
  },
  { settings: { frameDir } },
);
