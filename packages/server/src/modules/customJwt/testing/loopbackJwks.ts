import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

/**
 * An issuer's JWKS on a loopback port whose behaviour a test switches: 'serve' answers the key set, 'hang'
 * accepts the request and never answers (a JWKS URL that hangs). Counts the requests it gets.
 */
export async function loopbackJwks() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const kid = 'loopback-es256';
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }] };
  const sockets = new Set<Socket>();
  const hanging: ServerResponse[] = [];
  const state = { mode: 'serve' as 'serve' | 'hang', requests: 0 };
  const server = createServer((_req, res) => {
    state.requests++;
    if (state.mode === 'hang') {
      hanging.push(res);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  return {
    state,
    issuer,
    jwksUrl: `${issuer}/jwks.json`,
    /** An ES256 token of this issuer for `claims` (sub at least), valid for ten minutes. */
    mint: (claims: JWTPayload) =>
      new SignJWT({ iss: issuer, aud: 'loopback-app', jti: randomUUID(), ...claims })
        .setProtectedHeader({ alg: 'ES256', kid })
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey),
    async close() {
      for (const res of hanging) res.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
