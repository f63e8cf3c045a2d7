import type { Context } from 'hono';
import type { AppRecord } from '../../identity/apps/appStore.js';
import type { AuthenticatedUser } from '../../identity/http/requireCaller.js';
import type { DevicePublicJwk } from '../../modules/wallets/deviceProof.js';
import type { ServerContext } from '../context.js';

/** Where the request named its app: the `latch-app-id` header, an `/apps/:appId` path, or (neither) the bearer token's audience. */
export type AppSource = 'header' | 'path' | 'token';

/** A device-proven custody call's device (`requireCaller('frame')`); the body bytes are the ones the proof hashes. */
export interface CallingDevice {
  /** The device key's RFC 7638 thumbprint. */
  deviceId: string;
  jwk: DevicePublicJwk;
  /** The proof's nonce (wallet-key signatures cover it). */
  nonce: string;
  body: Uint8Array;
}

/** Hono environment of the Latch app: the server context and what the middleware resolved. */
export interface AppEnv {
  Variables: {
    ctx: ServerContext;
    /** The request's app (`resolveApp`); undefined when the request names none or one that does not resolve. */
    app: AppRecord | undefined;
    appSource: AppSource | undefined;
    /** Why a named app did not resolve: a malformed id or an unknown one. */
    appProblem: 'invalid_app_id' | 'app_not_found' | undefined;
    /** The authenticated user (`requireCaller('user' | 'frame')`). */
    user: AuthenticatedUser;
    /** The proven device of a custody call (`requireCaller('frame')`). */
    device: CallingDevice;
  };
}

/** A request context of the Latch app. */
export type LatchContext = Context<AppEnv>;

/**
 * Who may call an endpoint, checked before its handler runs (`requireCaller`): `app` a request naming a
 * known app (header or path), `user` a valid access token, `frame` a custody call (access token and a
 * device proof by a registered device key), `new-device` the same with a device key not registered yet.
 */
export type Caller = 'app' | 'user' | 'frame' | 'new-device';

/** One endpoint of the declarative route table. */
export interface RouteDef {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  /** Only served in dev mode (`LATCH_DEV=1`); 404 `not_found` otherwise. */
  devOnly?: boolean;
  /** The caller the endpoint requires; absent: anyone (the handler checks what it needs). */
  caller?: Caller;
  handler: (c: LatchContext) => Response | Promise<Response>;
}
