import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A built frame script: its bytes and their gzip and brotli copies (made at build time). */
export interface FrameAsset {
  /** The content-hashed file name, e.g. `frame-RKZI6FOF.js`. */
  name: string;
  body: Buffer;
  gzip: Buffer | null;
  brotli: Buffer | null;
  /** Subresource Integrity of `body` (`sha384-…`), for the page's script tag. */
  integrity: string;
}

/** What `node packages/wallet-frame/build.mjs` writes beside the scripts: stable name → hashed name. */
type Manifest = Record<string, string>;

/** The content-hashed file names the build emits (`<entry>-<hash>.js`): the only names served. */
export const HASHED_SCRIPT = /^[a-z]+-[A-Za-z0-9]{6,}\.js$/;

const readOptional = (path: string) => readFile(path).catch(() => null);

/**
 * The built wallet-frame scripts of one directory, read once (they do not change while the server runs): the
 * manifest names the current hashed files, and only those are served.
 */
export class FrameAssets {
  private loaded: Promise<{ manifest: Manifest; assets: Map<string, FrameAsset> }> | null = null;

  constructor(private readonly dir: string) {}

  private load() {
    if (!this.loaded) {
      this.loaded = this.read();
      // A missing build is retried on the next request (the developer may build meanwhile).
      this.loaded.catch(() => {
        this.loaded = null;
      });
    }
    return this.loaded;
  }

  private async read() {
    const manifest = JSON.parse(await readFile(join(this.dir, 'manifest.json'), 'utf8')) as Manifest;
    const assets = new Map<string, FrameAsset>();
    for (const name of Object.values(manifest)) {
      if (!HASHED_SCRIPT.test(name)) throw new Error(`manifest.json names an unexpected file: ${name}`);
      const path = join(this.dir, name);
      const [body, gzip, brotli] = await Promise.all([
        readFile(path),
        readOptional(`${path}.gz`),
        readOptional(`${path}.br`),
      ]);
      const integrity = `sha384-${createHash('sha384').update(body).digest('base64')}`;
      assets.set(name, { name, body, gzip, brotli, integrity });
    }
    return { manifest, assets };
  }

  /** The current build's asset of a stable script name (`frame.js`); throws when the frame is not built. */
  async current(script: string): Promise<FrameAsset> {
    const { manifest, assets } = await this.load();
    const asset = assets.get(manifest[script] ?? '');
    if (!asset) throw new Error(`The wallet frame build has no ${script}.`);
    return asset;
  }

  /** The asset of a hashed file name of the current build, or undefined (an older build's name, or none). */
  async asset(name: string): Promise<FrameAsset | undefined> {
    return (await this.load()).assets.get(name);
  }
}

/** The best encoding the client accepts among what is stored: brotli, then gzip, else none (RFC 9110 §12.5.3). */
export function chooseEncoding(acceptEncoding: string | undefined, asset: FrameAsset): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(token, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => accepted.get(coding) ?? (accepted.has('*') ? (accepted.get('*') ?? 0) : 0);
  if (asset.brotli && weightOf('br') > 0) return 'br';
  if (asset.gzip && weightOf('gzip') > 0) return 'gzip';
  return null;
}
