import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Address, type Hex, verifyTypedData } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { readBody, sendHtml, sendJson } from '../http.js';
import { TEST_USER_PROFILE, testAppCustody, testUserCustody } from './farcasterAccounts.js';
import { farcasterPage, type SignerRow, type SignInRow } from './farcasterPages.js';
import { type DevIdRegistry, deployIdRegistry } from './idRegistryChain.js';

/** How the stand-in reaches Latch's relay: `fetch` on the relay's base URL, or a test's in-process call. */
export type RelayCall = (path: string, init: RequestInit) => Promise<Response>;

/** Options of the Farcaster stand-in. */
export interface FarcasterStandInOptions {
  /** The dev IdP's own URL (the page's links). */
  url: string;
  /** The dev chain: the IdRegistry is deployed there and the test fids registered. Without it nothing can sign. */
  chainRpcUrl?: string;
  /** Latch's relay base URL (`<LATCH_PUBLIC_URL>/api/v1/farcaster/relay`), or a function that calls it. */
  relay?: string | RelayCall;
  /** The relay key Latch asks of the Farcaster app (LATCH_FARCASTER_RELAY_KEY), if any. */
  relayKey?: string;
}

/** The Farcaster stand-in as tests and the stack see it. */
export interface DevFarcaster {
  /** Where Latch creates and polls signed key requests (LATCH_FARCASTER_API_URL). */
  apiUrl: string;
  /** The page that plays the Farcaster app. */
  pageUrl: string;
  /** The dev chain's IdRegistry (absent without a chain). */
  idRegistry?: Address;
  /** The test user's fid and custody address (the account the page signs in as). */
  user: { fid: number | null; custody: Address };
  /** The demo app's fid and custody key (its signed key requests' signer: test key, not a secret). */
  app: { fid: number | null; custody: Address; privateKey: Hex };
}

interface SignerRequest extends SignerRow {
  deadline: number;
  state: 'pending' | 'completed' | 'revoked';
  userFid?: number;
}

const SIGNED_KEY_REQUEST_DOMAIN = {
  name: 'Farcaster SignedKeyRequestValidator',
  version: '1',
  chainId: 10,
  verifyingContract: '0x00000000FC700472606ED4fA22623Acf62c60553',
} as const;
const SIGNED_KEY_REQUEST_TYPE = {
  SignedKeyRequest: [
    { name: 'requestFid', type: 'uint256' },
    { name: 'key', type: 'bytes' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

/**
 * The Farcaster app on a desktop (`/farcaster`), since a phone cannot scan a QR code that points at localhost:
 * the tester pastes (or a test opens `?connect=`) a connect URI, then approves or rejects it; approval signs the
 * SIWF message with the test fid's custody key and posts it to Latch's relay, as the Farcaster app does. It also
 * plays Farcaster's signed-key-request API (`/farcaster/api/v2/…`), whose requests the tester approves or rejects
 * on the same page. The fids are real: registered in Farcaster's IdRegistry on the dev chain.
 */
export class FarcasterStandIn {
  private readonly signIns = new Map<string, SignInRow & { relayToken: string }>();
  private readonly signers = new Map<string, SignerRequest>();
  private readonly base: string;

  private constructor(
    private readonly options: FarcasterStandInOptions,
    private readonly registry: DevIdRegistry | undefined,
    readonly config: DevFarcaster,
  ) {
    this.base = '/farcaster';
  }

  /** Starts the stand-in: with a chain, deploys the IdRegistry and registers the test user's and the app's fids. */
  static async create(options: FarcasterStandInOptions): Promise<FarcasterStandIn> {
    const user = testUserCustody();
    const app = testAppCustody();
    const registry = options.chainRpcUrl ? await deployIdRegistry(options.chainRpcUrl) : undefined;
    const userFid = registry ? await registry.register(user.address) : null;
    const appFid = registry ? await registry.register(app.address) : null;
    const { TEST_APP_CUSTODY_KEY } = await import('./farcasterAccounts.js');
    return new FarcasterStandIn(options, registry, {
      apiUrl: `${options.url}/farcaster/api`,
      pageUrl: `${options.url}/farcaster`,
      idRegistry: registry?.address,
      user: { fid: userFid, custody: user.address },
      app: { fid: appFid, custody: app.address, privateKey: TEST_APP_CUSTODY_KEY },
    });
  }

  /** Serves `/farcaster/…` (`path` is the rest). */
  async handle(req: IncomingMessage, res: ServerResponse, path: string, params: URLSearchParams): Promise<void> {
    if (req.method === 'GET' && path === '/') {
      const connect = params.get('connect');
      const flash = connect ? this.scan(connect) : undefined;
      return this.render(res, flash);
    }
    if (req.method === 'POST' && (path === '/sign-in' || path === '/signer')) {
      const form = new URLSearchParams(await readBody(req));
      const id = form.get('id') ?? '';
      const approve = form.get('decision') === 'approve';
      const flash = path === '/sign-in' ? await this.decideSignIn(id, approve) : this.decideSigner(id, approve);
      return this.render(res, flash);
    }
    if (req.method === 'POST' && path === '/api/v2/signed-key-requests') return this.createSigner(req, res);
    if (req.method === 'GET' && path === '/api/v2/signed-key-request') {
      const request = this.signers.get(params.get('token') ?? '');
      if (!request) return sendJson(res, 404, { errors: [{ message: 'Signed key request not found' }] });
      const { token, key, state, userFid } = request;
      return sendJson(res, 200, { result: { signedKeyRequest: { token, key, state, userFid } } });
    }
    return sendJson(res, 404, { error: 'not found' });
  }

  /** Adds the sign-in request of a connect URI (what scanning the QR code does); the page's message. */
  scan(connectUri: string): string {
    let uri: URL;
    try {
      uri = new URL(connectUri);
    } catch {
      return 'That is not a connect URI.';
    }
    const [relayToken, nonce, siweUri, domain] = ['channelToken', 'nonce', 'siweUri', 'domain'].map((name) =>
      uri.searchParams.get(name),
    );
    if (uri.protocol !== 'farcaster:' || !relayToken || !nonce || !siweUri || !domain) {
      return 'That is not a connect URI (farcaster://connect?channelToken=…&nonce=…&siweUri=…&domain=…).';
    }
    const id = relayToken.slice(0, 16);
    this.signIns.set(id, { id, relayToken, nonce, siweUri, domain });
    return `Sign-in request from ${domain} received.`;
  }

  /** Approves (signs and posts to the relay) or rejects (drops: the app then times out) a sign-in request. */
  async decideSignIn(id: string, approve: boolean): Promise<string> {
    const request = this.signIns.get(id);
    if (!request) return 'That sign-in request is gone.';
    this.signIns.delete(id);
    if (!approve) return `Sign-in to ${request.domain} rejected.`;
    const fid = this.config.user.fid;
    if (fid === null) return 'The test account has no fid: start the dev IdP with a dev chain.';
    const custody = testUserCustody();
    const message = createSiweMessage({
      domain: request.domain,
      address: custody.address,
      statement: 'Farcaster Auth',
      uri: request.siweUri,
      version: '1',
      chainId: 10,
      nonce: request.nonce,
      issuedAt: new Date(),
      resources: [`farcaster://fid/${fid}`],
    });
    const signature = await custody.signMessage({ message });
    const body = JSON.stringify({ message, signature, fid, authMethod: 'custody', ...TEST_USER_PROFILE });
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      authorization: `Bearer ${request.relayToken}`,
      ...(this.options.relayKey ? { 'x-farcaster-auth-relay-key': this.options.relayKey } : {}),
    };
    const res = await this.relay('/v1/channel/authenticate', { method: 'POST', headers, body });
    if (res.ok) return `Signed in to ${request.domain} as @${TEST_USER_PROFILE.username}.`;
    const answer = (await res.json().catch(() => ({}))) as { message?: string };
    return `Latch's relay refused the approval (${res.status}): ${answer.message ?? 'no reason given'}`;
  }

  /** Approves (the key is the test user's signer) or rejects a signer request. */
  decideSigner(token: string, approve: boolean): string {
    const request = this.signers.get(token);
    if (request?.state !== 'pending') return 'That signer request is gone.';
    request.state = approve ? 'completed' : 'revoked';
    if (approve && this.config.user.fid !== null) request.userFid = this.config.user.fid;
    return approve ? 'Signer approved.' : 'Signer request rejected.';
  }

  /** The pending sign-in and signer requests (tests). */
  pending(): { signIns: SignInRow[]; signers: SignerRow[] } {
    const signers = [...this.signers.values()].filter((s) => s.state === 'pending');
    return { signIns: [...this.signIns.values()], signers };
  }

  /** Farcaster's `POST /v2/signed-key-requests`: checks the app fid's EIP-712 signature by its custody address. */
  private async createSigner(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: { key?: unknown; requestFid?: unknown; signature?: unknown; deadline?: unknown };
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return sendJson(res, 400, { errors: [{ message: 'Invalid JSON' }] });
    }
    const { key, requestFid, signature, deadline } = body;
    if (
      typeof key !== 'string' ||
      !/^0x[0-9a-f]{64}$/i.test(key) ||
      typeof requestFid !== 'number' ||
      typeof signature !== 'string' ||
      typeof deadline !== 'number'
    ) {
      return sendJson(res, 400, { errors: [{ message: 'key, requestFid, signature and deadline are required' }] });
    }
    if (deadline * 1000 < Date.now()) return sendJson(res, 400, { errors: [{ message: 'Deadline has passed' }] });
    const custody = this.registry ? await this.registry.custodyOf(requestFid) : undefined;
    const valid =
      custody !== undefined &&
      (await verifyTypedData({
        address: custody,
        domain: SIGNED_KEY_REQUEST_DOMAIN,
        types: SIGNED_KEY_REQUEST_TYPE,
        primaryType: 'SignedKeyRequest',
        message: { requestFid: BigInt(requestFid), key: key as Hex, deadline: BigInt(deadline) },
        signature: signature as Hex,
      }).catch(() => false));
    if (!valid) return sendJson(res, 400, { errors: [{ message: 'Invalid signature for requestFid' }] });
    const token = `0x${randomBytes(12).toString('hex')}`;
    this.signers.set(token, { token, key: key.toLowerCase(), requestFid, deadline, state: 'pending' });
    const deeplinkUrl = `farcaster://signed-key-request?token=${token}`;
    return sendJson(res, 200, { result: { signedKeyRequest: { token, deeplinkUrl, key, state: 'pending' } } });
  }

  private relay(path: string, init: RequestInit): Promise<Response> {
    const relay = this.options.relay;
    if (typeof relay === 'function') return relay(path, init);
    if (!relay)
      return Promise.resolve(
        Response.json({ message: 'no relay configured (DEV_IDP_FARCASTER_RELAY_URL)' }, { status: 503 }),
      );
    return fetch(`${relay}${path}`, init);
  }

  private render(res: ServerResponse, flash?: string): void {
    const { user } = this.config;
    const problem = user.fid === null ? 'No dev chain: the test account has no fid and cannot sign in.' : undefined;
    const account = { fid: user.fid, custody: user.custody, username: TEST_USER_PROFILE.username, problem };
    const { signIns, signers } = this.pending();
    sendHtml(res, 200, farcasterPage(this.base, account, signIns, signers, flash));
  }
}
