// The @latch scope's npm registry for the fresh-app e2e (freshAppVite.spec.ts, freshAppNext.spec.ts): the packed
// tarballs served as npm's registry protocol serves a published package, so the documented
// `npm install @latch/react …` runs as written and npm resolves @latch/react's own @latch dependencies the way it
// will from npmjs.org.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename } from 'node:path';

/** A running scope registry: `flag` is the npm option that sends the @latch scope (only) to it. */
export interface LatchRegistry {
  url: string;
  flag: string;
  close(): Promise<void>;
}

/** The manifest npm publishes for a tarball: its own package.json. */
function manifestOf(tarball: string): { name: string; version: string } {
  return JSON.parse(execFileSync('tar', ['-xOzf', tarball, 'package/package.json'], { encoding: 'utf8' }));
}

/**
 * Serves `tarballs` (tarball paths by package name) as the @latch scope's registry on localhost: the packument
 * of each package (one version, `latest`, with its integrity) and the tarballs under /-/.
 */
export async function serveLatchRegistry(tarballs: Record<string, string>): Promise<LatchRegistry> {
  const files = new Map(Object.values(tarballs).map((path) => [basename(path), readFileSync(path)]));
  const packuments = new Map<string, string>();
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.startsWith('/-/') ? files.get(path.slice(3)) : undefined;
    const packument = packuments.get(path.slice(1));
    if (file) response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(file);
    else if (packument) response.writeHead(200, { 'content-type': 'application/json' }).end(packument);
    else response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const [name, path] of Object.entries(tarballs)) {
    const manifest = manifestOf(path);
    const bytes = files.get(basename(path)) ?? readFileSync(path);
    const dist = {
      tarball: `${url}/-/${basename(path)}`,
      integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
      shasum: createHash('sha1').update(bytes).digest('hex'),
    };
    const version = { ...manifest, _id: `${name}@${manifest.version}`, dist };
    packuments.set(
      name,
      JSON.stringify({ name, 'dist-tags': { latest: manifest.version }, versions: { [manifest.version]: version } }),
    );
  }
  return {
    url,
    flag: `--@latch:registry=${url}/`,
    // npm keeps its connections alive: close them too, or close() waits for them (an afterAll timed out on it).
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
