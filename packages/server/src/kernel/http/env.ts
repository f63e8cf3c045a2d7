import type { Context, MiddlewareHandler } from 'hono';
import type { ServerContext } from '../context.js';

/**
 * What the middleware resolves for a request, beside the context. Identity (the app, the user) and the
 * modules (the wallets module's calling device) add theirs by augmenting this interface.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging.
export interface RequestVariables {}

/** Hono environment of the Latch app: the server context and what the middleware resolved. */
export interface AppEnv {
  Variables: { ctx: ServerContext } & RequestVariables;
}

/** A request context of the Latch app. */
export type LatchContext = Context<AppEnv>;

/**
 * The caller kinds routes may require, each checked by a middleware before the handler runs. Identity
 * adds `app` and `user`; the wallets module adds `frame` and `new-device`. A kind names its check
 * (`LatchModule.callers`); the kernel refuses to start when a route requires a kind no module checks.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging.
export interface CallerKinds {}

/** Who may call an endpoint (`CallerKinds`); absent on a route: anyone (the handler checks what it needs). */
export type Caller = keyof CallerKinds;

/** The check of one caller kind. */
export type CallerCheck = MiddlewareHandler<AppEnv>;

/** One endpoint of a module's route table. */
export interface RouteDef {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  /** Only served in dev mode (`LATCH_DEV=1`); 404 `not_found` otherwise. */
  devOnly?: boolean;
  /** The caller the endpoint requires; absent: anyone (the handler checks what it needs). */
  caller?: Caller;
  handler: (c: LatchContext) => Response | Promise<Response>;
}
