import { request } from 'node:https';
import { publicOnlyLookup } from '../../kernel/http/publicAddress.js';

/** A JWKS larger than this is refused (a key set is a few kilobytes; a hostile URL must not fill memory). */
const MAX_JWKS_BYTES = 64 * 1024;

/**
 * The fetch jose's createRemoteJWKSet uses outside dev mode (JWT-09): https only, to public addresses only (the
 * name is resolved and every address checked when the socket connects: publicOnlyLookup), no redirects, the
 * body capped at MAX_JWKS_BYTES. Answers a web Response, as jose expects.
 */
export function publicJwksFetch(url: string, init: RequestInit): Promise<Response> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    if (target.protocol !== 'https:') return reject(new TypeError('The JWKS URL must use https.'));
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const req = request(
      target,
      { method: 'GET', headers, lookup: publicOnlyLookup, signal: init.signal ?? undefined },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_JWKS_BYTES) {
            res.destroy();
            return reject(new TypeError('The JWKS is too large.'));
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          const status = res.statusCode ?? 502;
          const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, headers: { 'content-type': res.headers['content-type'] ?? '' } }));
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}
