import type { IncomingMessage, ServerResponse } from 'node:http';

/** Reads a request body (small forms only: the stand-in's own pages and token requests). */
export async function readBody(req: IncomingMessage, limit = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Answers JSON. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/** The stand-in's own pages: no external assets, no inline script, nothing framed. */
const PAGE_CSP =
  "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'";

/** Answers one of the stand-in's HTML pages. */
export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    'content-security-policy': PAGE_CSP,
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  });
  res.end(html);
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/**
 * Rewrites what oidc-provider (Koa) writes with `res.end(body)`: used to alter a token response's ID token
 * (attack hooks) and to add Apple's `user` field to its form_post page. Koa sets Content-Length before
 * calling end and sends no header earlier, so the length is fixed here.
 */
export function rewriteResponseBody(res: ServerResponse, rewrite: (body: string) => Promise<string> | string): void {
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
  // biome-ignore lint/suspicious/noExplicitAny: replacing an overloaded method
  (res as any).end = (chunk?: unknown) => {
    if (chunk === undefined || typeof chunk === 'function' || res.headersSent) return end(chunk);
    const text = Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk);
    Promise.resolve(rewrite(text))
      .catch(() => text)
      .then((out) => {
        if (!res.headersSent) res.setHeader('content-length', Buffer.byteLength(out));
        end(out);
      });
    return res;
  };
}
