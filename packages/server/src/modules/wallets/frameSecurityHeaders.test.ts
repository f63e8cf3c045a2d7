import { describe, expect, it } from 'vitest';
import { frameSecurityHeaders } from './frameSecurityHeaders.js';

function directives(csp: string): Record<string, string> {
  return Object.fromEntries(
    csp.split('; ').map((d) => {
      const [name, ...values] = d.split(' ');
      return [name as string, values.join(' ')];
    }),
  );
}

describe('wallet frame security headers', () => {
  it("lets only the app's allowed origins embed the frame", () => {
    const headers = frameSecurityHeaders({ allowedOrigins: ['https://app.example/', 'http://localhost:5173'] });
    expect(directives(headers['content-security-policy'] as string)['frame-ancestors']).toBe(
      'https://app.example http://localhost:5173',
    );
  });

  it("answers 'none' for an unknown app or an app without allowed origins", () => {
    for (const allowedOrigins of [null, []]) {
      const csp = directives(frameSecurityHeaders({ allowedOrigins })['content-security-policy'] as string);
      expect(csp['frame-ancestors']).toBe("'none'");
    }
  });

  it('runs only our own scripts and connects only to our API and the configured RPCs', () => {
    const csp = directives(
      frameSecurityHeaders({
        allowedOrigins: ['https://app.example'],
        rpcUrls: ['https://rpc.example/v1/key', 'http://127.0.0.1:8545'],
      })['content-security-policy'] as string,
    );
    expect(csp['script-src']).toBe("'self'");
    expect(csp['default-src']).toBe("'none'");
    expect(csp['connect-src']).toBe("'self' https://rpc.example http://127.0.0.1:8545");
  });

  it("adds exactly 'wasm-unsafe-eval' for the page that derives the password key, and changes nothing else", () => {
    const input = { allowedOrigins: ['https://app.example'], rpcUrls: ['https://rpc.example'] };
    const plain = directives(frameSecurityHeaders(input)['content-security-policy'] as string);
    const wasm = directives(
      frameSecurityHeaders({ ...input, compilesWasm: true })['content-security-policy'] as string,
    );
    expect(wasm['script-src']).toBe("'self' 'wasm-unsafe-eval'");
    // WebAssembly only: JavaScript strings stay un-eval-able, and every other directive is the same.
    expect(wasm).toEqual({ ...plain, 'script-src': "'self' 'wasm-unsafe-eval'" });
    expect(plain['script-src']).toBe("'self'");
    expect(frameSecurityHeaders({ ...input, compilesWasm: false })).toEqual(frameSecurityHeaders(input));
  });

  it('drops values that are not http(s) origins, so nothing can inject a directive', () => {
    const csp = frameSecurityHeaders({
      allowedOrigins: [
        "https://app.example; script-src 'unsafe-inline'",
        'javascript:alert(1)',
        '*',
        'https://*.example.com',
        'https://ok.example',
      ],
    })['content-security-policy'] as string;
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('javascript');
    expect(directives(csp)['frame-ancestors']).toBe('https://ok.example');
    // A wildcard host would let any subdomain embed the frame while CORS matched it literally.
    expect(csp).not.toContain('*');
  });
});
