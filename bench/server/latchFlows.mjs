// The flows measured on Latch: login = passwordless init + authenticate with the code (a new
// address each time, so every login also creates the user); refresh = POST /api/v1/sessions with
// the client's latest refresh token (each refresh rotates it, so each client keeps its own chain);
// config read = GET /api/v1/apps/{appId}.
import { expectStatus } from './loadGenerator.mjs';

/** Flows against one running Latch host (`server` from startChildServer, with appId/clientId in info). */
export function latchFlows(server) {
  const { appId, clientId } = server.info;
  const headers = {
    'latch-app-id': appId,
    'latch-client-id': clientId,
    'latch-client': 'react-auth',
    origin: 'http://127.0.0.1',
  };
  let emails = 0;

  /** A full email-code login of a new address; returns the refresh token. */
  async function login(http, clientIndex) {
    const email = `latch-${clientIndex}-${emails++}@bench.example`;
    expectStatus(
      'passwordless/init',
      await http.call('POST', '/api/v1/passwordless/init', { body: { email }, headers }),
      200,
    );
    const code = await server.nextCode(email);
    const authenticated = expectStatus(
      'passwordless/authenticate',
      await http.call('POST', '/api/v1/passwordless/authenticate', { body: { email, code }, headers }),
      200,
    );
    const refreshToken = authenticated.json?.refresh_token;
    if (typeof refreshToken !== 'string') throw new Error('passwordless/authenticate: no refresh_token');
    return refreshToken;
  }

  return {
    login: {
      setup: (_http, index) => ({ index }),
      operation: (http, state) => login(http, state.index),
    },
    refresh: {
      setup: async (http, index) => ({ refreshToken: await login(http, index) }),
      async operation(http, state) {
        const response = expectStatus(
          'sessions (refresh)',
          await http.call('POST', '/api/v1/sessions', { body: { refresh_token: state.refreshToken }, headers }),
          200,
        );
        const next = response.json?.refresh_token;
        if (typeof next !== 'string' || typeof response.json?.token !== 'string') {
          throw new Error('sessions (refresh): no token or refresh_token');
        }
        state.refreshToken = next;
      },
    },
    configRead: {
      setup: () => ({}),
      async operation(http) {
        const response = expectStatus(
          'apps (config)',
          await http.call('GET', `/api/v1/apps/${appId}`, { headers }),
          200,
        );
        if (response.json?.id !== appId) throw new Error('apps (config): wrong app');
      },
    },
  };
}
