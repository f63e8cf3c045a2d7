// The flows measured on Better Auth, mapped to Latch's (docs/bench.md explains the mapping):
// login = send-verification-otp + sign-in/email-otp; refresh = get-session with the session cookie
// (with updateAge 0 every call extends the session in the database, and the JWT plugin signs an
// ES256 token into set-auth-jwt). Better Auth has no public app-config endpoint, so no config read.
import { expectStatus } from './loadGenerator.mjs';

const SESSION_COOKIE = 'better-auth.session_token';

/** Picks the session cookie (`name=value`) out of a response's set-cookie headers. */
function sessionCookie(headers) {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const found = list.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  if (!found) throw new Error('sign-in: no session cookie');
  return found.split(';')[0];
}

/** Flows against one running Better Auth host (`server` from startChildServer). */
export function betterAuthFlows(server) {
  const headers = { origin: server.origin };
  let emails = 0;

  /** A full email-OTP sign-in of a new address; returns the session cookie. */
  async function login(http, clientIndex) {
    const email = `ba-${clientIndex}-${emails++}@bench.example`;
    expectStatus(
      'send-verification-otp',
      await http.call('POST', '/api/auth/email-otp/send-verification-otp', {
        body: { email, type: 'sign-in' },
        headers,
      }),
      200,
    );
    const otp = await server.nextCode(email);
    const signIn = expectStatus(
      'sign-in/email-otp',
      await http.call('POST', '/api/auth/sign-in/email-otp', { body: { email, otp }, headers }),
      200,
    );
    return sessionCookie(signIn.headers);
  }

  return {
    login: {
      setup: (_http, index) => ({ index }),
      operation: (http, state) => login(http, state.index),
    },
    refresh: {
      setup: async (http, index) => ({ cookie: await login(http, index) }),
      async operation(http, state) {
        const response = expectStatus(
          'get-session',
          await http.call('GET', '/api/auth/get-session', { headers: { ...headers, cookie: state.cookie } }),
          200,
        );
        if (!response.json?.session || !response.headers['set-auth-jwt']) {
          throw new Error('get-session: no session or no JWT');
        }
      },
    },
    configRead: null,
  };
}
