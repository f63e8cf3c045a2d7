import type { FarcasterInitResponse, FarcasterStatusResponse, TokenResponse } from '@latch/protocol';
import {
  FARCASTER_API,
  FARCASTER_CHANNEL_TOKEN_HEADER,
  FARCASTER_RELAY_API,
  farcasterFidResource,
} from '@latch/protocol/farcaster';
import { sql } from 'kysely';
import type { Address, Hex, LocalAccount } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import type { TestServer } from '../../../test/harness.js';
import { widgetHeaders } from '../../../test/harness.js';

/** The page the test widget runs on (one of the app's origins). */
export const FARCASTER_TEST_ORIGIN = 'https://acme.example';

let serial = 0;

/** What a SIWF message may differ in from the honest one (each a test's attack). */
export interface MessageChanges {
  nonce?: string;
  domain?: string;
  uri?: string;
  /** The address the message names (default: the signer's). */
  address?: Address;
  /** The fid its resource names (default: the claimed fid). */
  resourceFid?: number;
  issuedAt?: Date;
  expirationTime?: Date;
}

/**
 * Turns `farcaster_auth` on in the store. The app store refuses the flag until the widget's half of issue #31
 * lands (BUILT_LOGIN_METHODS, packages/protocol/src/appConfig.ts); until then the tests write the stored config
 * and let the app cache (5 s) lapse. Once the lead lifts the refusal this becomes `apps.update`.
 */
async function enableFarcaster(server: TestServer, appId: string): Promise<void> {
  const patch = JSON.stringify({ farcaster_auth: true });
  await sql`update apps set config = config::jsonb || ${patch}::jsonb where id = ${appId}`.execute(server.db);
  server.clock.advance(6_000);
}

/** An app with Farcaster login on, and a client that calls the server as the widget and the Farcaster app do. */
export async function farcasterTestApp(server: TestServer) {
  const { appId, clientId } = await server.createApp({
    name: 'Acme',
    config: { email_auth: true },
    allowedOrigins: [FARCASTER_TEST_ORIGIN],
  });
  await enableFarcaster(server, appId);
  const headers = (token?: string) => ({ ...widgetHeaders(appId, clientId, token), origin: FARCASTER_TEST_ORIGIN });
  const post = (path: string, body: unknown, token?: string) =>
    server.call('POST', path, { body, headers: headers(token) });
  const json = async <T>(res: Response): Promise<T> => {
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const init = async () => json<FarcasterInitResponse>(await post(FARCASTER_API.init, {}));
  /** The SIWF message the Farcaster app builds for a channel (FIP-11), with any changes. */
  const message = (channel: FarcasterInitResponse, signer: LocalAccount, fid: number, changes: MessageChanges = {}) => {
    const uri = new URL(channel.connect_uri);
    return createSiweMessage({
      domain: changes.domain ?? (uri.searchParams.get('domain') as string),
      address: changes.address ?? signer.address,
      statement: 'Farcaster Auth',
      uri: changes.uri ?? (uri.searchParams.get('siweUri') as string),
      version: '1',
      chainId: 10,
      nonce: changes.nonce ?? channel.nonce,
      issuedAt: changes.issuedAt ?? server.ctx.clock.now(),
      expirationTime: changes.expirationTime,
      resources: [farcasterFidResource(changes.resourceFid ?? fid)],
    });
  };
  /** The relay token in the channel's connect URI. */
  const relayToken = (channel: FarcasterInitResponse) =>
    new URL(channel.connect_uri).searchParams.get('channelToken') as string;
  return {
    appId,
    clientId,
    headers,
    post,
    init,
    message,
    relayToken,
    /** Signs `text` with `signer`. */
    sign: (signer: LocalAccount, text: string): Promise<Hex> => signer.signMessage({ message: text }),
    /** The Farcaster app's approval, posted to Latch's relay with the connect URI's token. */
    relayAuthenticate: (channel: FarcasterInitResponse, body: Record<string, unknown>, relayKey?: string) =>
      server.call('POST', FARCASTER_RELAY_API.authenticate, {
        body,
        headers: {
          authorization: `Bearer ${relayToken(channel)}`,
          ...(relayKey ? { 'x-farcaster-auth-relay-key': relayKey } : {}),
        },
      }),
    status: async (token: string) =>
      server.call('GET', FARCASTER_API.status, {
        headers: { ...headers(), [FARCASTER_CHANNEL_TOKEN_HEADER]: token },
      }),
    statusOf: async (token: string) =>
      json<FarcasterStatusResponse>(
        await server.call('GET', FARCASTER_API.status, {
          headers: { ...headers(), [FARCASTER_CHANNEL_TOKEN_HEADER]: token },
        }),
      ),
    authenticate: (body: Record<string, unknown>) => post(FARCASTER_API.authenticate, body),
    link: (token: string, body: Record<string, unknown>) => post(FARCASTER_API.link, body, token),
    unlink: (token: string, fid: number) => post(FARCASTER_API.unlink, { fid }, token),
    signerStatus: (token: string, key: string) => post(FARCASTER_API.signerStatus, { ed25519_public_key: key }, token),
    /** Signs up a user by email (a factor to step up with). */
    signIn: (): Promise<TokenResponse> =>
      server.signIn(appId, { type: 'email', address: `fc-${Date.now()}-${serial++}@example.test` }),
  };
}
