import { randomBytes, randomUUID } from 'node:crypto';
import type { TokenResponse } from '@latch/protocol';
import {
  type CustodyAction,
  custodyStatement,
  DEVICE_NONCE_HEADER,
  DEVICE_PROOF_HEADER,
  WALLET_API,
} from '@latch/protocol/schemas';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { logIn } from '../../../identity/sessions/sessions.js';
import type { AccountInput } from '../../../identity/users/accounts.js';
import { type TestServer, widgetHeaders } from '../../../test/harness.js';
import { deviceProof, newDeviceKey, type ProofInput, type TestDeviceKey } from './deviceKey.js';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** A signed-in user as a test sees it. */
export interface TestUser {
  appId: string;
  clientId: string;
  token: string;
  refreshToken: string;
  deviceGrant?: string;
}

/** Logs in through the real `logIn` (what email/SMS/SIWE authenticate run): the answer carries a device grant. */
export async function freshLogin(server: TestServer, appId: string, clientId: string, account: AccountInput) {
  const response: TokenResponse = await logIn(server.ctx, await server.ctx.apps.require(appId), account);
  return {
    appId,
    clientId,
    token: response.token as string,
    refreshToken: response.refresh_token as string,
    deviceGrant: response.device_grant,
  } satisfies TestUser;
}

/** Options of one custody call. */
interface CallOptions {
  /** Extra or replacing headers (Origin, Sec-Fetch-Site, …). */
  headers?: Record<string, string>;
  /** No proof at all. */
  noProof?: boolean;
  /** Change the proof's input before signing (attacks). */
  tamper?: (input: ProofInput) => ProofInput;
  /** The body bytes to send instead of JSON.stringify(body). */
  rawBody?: string;
}

/**
 * Plays the wallet frame in Node: one device key, the user's access token, proofs with nonces from
 * `latch-device-nonce` (or the nonce endpoint), and a viem wallet account for wallet-key signatures.
 */
export class TestFrame {
  private nonce: string | undefined;

  private constructor(
    private readonly server: TestServer,
    public user: TestUser,
    public readonly key: TestDeviceKey,
  ) {}

  /** A frame with a fresh device key for `user`. */
  static async create(server: TestServer, user: TestUser, key?: TestDeviceKey): Promise<TestFrame> {
    return new TestFrame(server, user, key ?? (await newDeviceKey()));
  }

  /** The next proof nonce: the last answer's header, else a fresh one from the nonce endpoint. */
  async takeNonce(): Promise<string> {
    const nonce = this.nonce ?? (await this.fetchNonce());
    this.nonce = undefined;
    return nonce;
  }

  /** Drops the remembered nonce (after the test clock jumped past its lifetime): the next call fetches one. */
  forgetNonce(): void {
    this.nonce = undefined;
  }

  /** POST WALLET_API.nonce (bearer only). */
  async fetchNonce(): Promise<string> {
    const res = await this.server.call('POST', WALLET_API.nonce, {
      headers: widgetHeaders(this.user.appId, this.user.clientId, this.user.token),
    });
    if (res.status !== 200) throw new Error(`nonce answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { nonce: string }).nonce;
  }

  /** One custody call with a device proof; remembers the answer's fresh nonce. */
  async call(method: 'GET' | 'POST', path: string, body?: unknown, options: CallOptions = {}): Promise<Response> {
    const text = options.rawBody ?? (method === 'POST' ? JSON.stringify(body ?? {}) : '');
    const headers: Record<string, string> = widgetHeaders(this.user.appId, this.user.clientId, this.user.token);
    if (method === 'POST') headers['content-type'] = 'application/json';
    if (!options.noProof) {
      let input: ProofInput = {
        method,
        path,
        token: this.user.token,
        body: text,
        nonce: await this.takeNonce(),
        iat: Math.floor(this.server.clock.now().getTime() / 1000),
      };
      input = options.tamper ? options.tamper(input) : input;
      headers[DEVICE_PROOF_HEADER] = await deviceProof(this.key, input);
    }
    Object.assign(headers, options.headers);
    const res = await this.server.call(method, path, { rawBody: method === 'POST' ? text : undefined, headers });
    this.nonce = res.headers.get(DEVICE_NONCE_HEADER) ?? undefined;
    return res;
  }

  /** POST WALLET_API.devices with the user's grant (or `grant`). */
  register(grant = this.user.deviceGrant): Promise<Response> {
    return this.call('POST', WALLET_API.devices, { grant });
  }

  /**
   * The nonce the next call's proof will carry (fetched now if needed) so a wallet-key signature can
   * cover it; the next `call` uses it.
   */
  async peekNonce(): Promise<string> {
    this.nonce ??= await this.fetchNonce();
    return this.nonce;
  }

  /** A wallet-key signature over `custodyStatement` for the next call. */
  async walletSignature(
    wallet: PrivateKeyAccount,
    action: CustodyAction,
    walletId: string,
    shareSetId: string,
  ): Promise<`0x${string}`> {
    const nonce = await this.peekNonce();
    return wallet.signMessage({
      message: custodyStatement({ action, appId: this.user.appId, walletId, shareSetId, nonce }),
    });
  }

  /** Creates a provider-recovery wallet (signed by its new key); returns the request and the key. */
  async createWallet(wallet = privateKeyToAccount(generatePrivateKey())) {
    const input = newWalletBody(wallet.address);
    const signed = {
      ...input,
      wallet_signature: await this.walletSignature(wallet, 'create-wallet', input.wallet_id, input.share_set_id),
    };
    const res = await this.call('POST', WALLET_API.wallet, signed);
    return { res, input: signed, wallet };
  }
}

/** The body of a new provider-recovery wallet, without its signature. */
export function newWalletBody(address: string) {
  return {
    wallet_id: randomUUID(),
    share_set_id: randomUUID(),
    address,
    auth_share: b64(randomBytes(69)),
    recovery: { method: 'latch' as const, sealed_share: b64(randomBytes(97)), recovery_key: b64(randomBytes(32)) },
  };
}

/** A new wallet key (viem). */
export const newWalletKey = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());

/** A fresh login and a frame whose device key its grant registered (fails the test otherwise). */
export async function registeredFrame(
  server: TestServer,
  app: { appId: string; clientId: string },
  account: AccountInput,
): Promise<TestFrame> {
  const user = await freshLogin(server, app.appId, app.clientId, account);
  const frame = await TestFrame.create(server, user);
  const res = await frame.register();
  if (res.status !== 200) throw new Error(`device registration answered ${res.status}: ${await res.text()}`);
  return frame;
}
