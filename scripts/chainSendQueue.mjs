// A transparent JSON-RPC forwarder in front of anvil that lets one eth_sendTransaction through at a time.
// Anvil picks the nonce of an unlocked account's eth_sendTransaction without a lock: of 40 concurrent sends
// from one account, 34 failed ('nonce too low'). The e2e files run side by side and several fund from anvil's
// first account (the demo's 'Get test ETH', the specs' own funding and deployments); queued, each send sees
// the nonce of the one before it, as it would when one person clicks. Every other request passes straight.
import { createServer, request } from 'node:http';

/** Whether a JSON-RPC body (one call or a batch) holds an eth_sendTransaction. */
export function sendsTransaction(body) {
  try {
    const parsed = JSON.parse(body);
    const calls = Array.isArray(parsed) ? parsed : [parsed];
    return calls.some((call) => call?.method === 'eth_sendTransaction');
  } catch {
    return false;
  }
}

/** Forwards one request to `target` (host and port) and pipes the answer back, headers included (anvil's CORS). */
function forward(target, req, body, res) {
  return new Promise((resolve) => {
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', resolve);
        answer.on('error', resolve);
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
      resolve();
    });
    upstream.end(body);
  });
}

/** Listens on 127.0.0.1:`port` and forwards to `targetUrl`, queueing eth_sendTransaction; resolves with close(). */
export function startSendQueue(port, targetUrl) {
  const target = new URL(targetUrl);
  let queue = Promise.resolve();
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (!sendsTransaction(body.toString('utf8'))) return void forward(target, req, body, res);
      queue = queue.then(() => forward(target, req, body, res));
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        close: () =>
          new Promise((done) => {
            server.close(() => done(undefined));
            server.closeAllConnections();
          }),
      }),
    );
  });
}
