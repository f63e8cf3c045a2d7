import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the loopback Twilio received. */
interface TwilioRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

/** What the loopback answers next: Twilio's 201 message resource by default, or an error body. */
type TwilioAnswer = { status: number; body: Record<string, unknown> };

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

/**
 * A loopback HTTP server speaking Twilio's "Create a Message" API: POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded, HTTP basic auth with SID and token.
 */
export async function startLoopbackTwilio(accountSid = 'AC00000000000000000000000000000001', authToken = 'tw-token') {
  const requests: TwilioRequest[] = [];
  let nextAnswer: TwilioAnswer | undefined;
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const server = createServer(async (req, res) => {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    requests.push({
      method: req.method ?? '',
      path: req.url ?? '',
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      form,
    });
    const reply = (status: number, body: Record<string, unknown>) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== expectedAuth) {
      return reply(401, {
        code: 20003,
        message: 'Authenticate',
        more_info: 'https://www.twilio.com/docs/errors/20003',
        status: 401,
      });
    }
    if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
      return reply(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    }
    if (nextAnswer) {
      const answer = nextAnswer;
      nextAnswer = undefined;
      return reply(answer.status, answer.body);
    }
    reply(201, { sid: `SM${'0'.repeat(32)}`, status: 'queued', to: form.To, from: form.From, body: form.Body });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    requests,
    /** Makes the next request fail with this Twilio error answer. */
    failNext(answer: TwilioAnswer) {
      nextAnswer = answer;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
