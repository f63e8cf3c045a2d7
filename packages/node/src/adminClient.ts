import { ADMIN_API, isErrorCode, LatchError, type WireSecurityEventList, type WireUser } from '@latch/protocol';

/** How the admin client reaches the server. */
export interface AdminClientOptions {
  appId: string;
  appSecret?: string;
  apiUrl: string;
  /** Milliseconds before a request is abandoned (`client_request_timeout`). */
  timeoutMs: number;
  fetch: typeof fetch;
}

/** The admin API as functions (docs/node-sdk.md). */
export interface AdminClient {
  /** The user (the DID or the bare id), or null when the app has no such user. */
  getUser(userId: string): Promise<WireUser | null>;
  /** The user with this email address, or null. */
  getUserByEmail(address: string): Promise<WireUser | null>;
  /** The user with this phone number (international form, `+` and country code), or null. */
  getUserByPhone(number: string): Promise<WireUser | null>;
  /** The user with this wallet address (linked or embedded), or null. */
  getUserByWalletAddress(address: string): Promise<WireUser | null>;
  /** Deletes the user, their accounts, sessions and wallets; true when a user was deleted, false when none matched. */
  deleteUser(userId: string): Promise<boolean>;
  /**
   * The user's security events (releases, new devices, login and MFA changes), newest first, 50 a page;
   * `before` (a `next_before`) pages on. Null when the app has no such user.
   */
  getUserSecurityEvents(userId: string, options?: { before?: string }): Promise<WireSecurityEventList | null>;
}

/** The error of a failed response: its catalogue code and message, or `internal_error` for anything else. */
async function responseError(response: Response): Promise<LatchError> {
  const body = (await response.json().catch(() => undefined)) as { error?: unknown; message?: unknown } | undefined;
  const retry = Number(response.headers.get('retry-after'));
  const options = { status: response.status, retryAfter: Number.isFinite(retry) && retry > 0 ? retry : undefined };
  if (body && isErrorCode(body.error))
    return new LatchError(body.error, typeof body.message === 'string' ? body.message : undefined, options);
  return new LatchError('internal_error', `Latch answered ${response.status}.`, options);
}

/** Builds the admin client; each call sends `Authorization: Basic base64(appId:appSecret)`. */
export function adminClient(options: AdminClientOptions): AdminClient {
  const authorization = options.appSecret
    ? `Basic ${Buffer.from(`${options.appId}:${options.appSecret}`, 'utf8').toString('base64')}`
    : undefined;

  async function call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<Response | null> {
    if (!authorization)
      throw new LatchError(
        'invalid_app_secret',
        'The admin API needs the app secret: pass appSecret to createLatchNode.',
      );
    let response: Response;
    try {
      response = await options.fetch(new URL(path, options.apiUrl), {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError')
        throw new LatchError('client_request_timeout', undefined, { cause: error });
      throw new LatchError('client_network_error', undefined, { cause: error });
    }
    if (response.status === 404) {
      const error = await responseError(response);
      // No such user is an answer; a 404 without our code (a wrong apiUrl) is an error.
      if (error.code === 'not_found') return null;
      throw error;
    }
    if (!response.ok) throw await responseError(response);
    return response;
  }

  const user = async (response: Response | null) => (response ? ((await response.json()) as WireUser) : null);

  return {
    getUser: async (userId) => user(await call('GET', ADMIN_API.user(userId))),
    getUserByEmail: async (address) => user(await call('POST', ADMIN_API.userByEmail, { address })),
    getUserByPhone: async (number) => user(await call('POST', ADMIN_API.userByPhone, { number })),
    getUserByWalletAddress: async (address) => user(await call('POST', ADMIN_API.userByWallet, { address })),
    deleteUser: async (userId) => (await call('DELETE', ADMIN_API.user(userId))) !== null,
    getUserSecurityEvents: async (userId, { before } = {}) => {
      const query = before ? `?before=${encodeURIComponent(before)}` : '';
      const response = await call('GET', `${ADMIN_API.userSecurityEvents(userId)}${query}`);
      return response ? ((await response.json()) as WireSecurityEventList) : null;
    },
  };
}
