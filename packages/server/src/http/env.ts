import type { Context } from 'hono';
import type { ServerContext } from '../context.js';

/** Hono environment of the Latch app: the server context rides on every request. */
export interface AppEnv {
  Variables: { ctx: ServerContext };
}

/** A request context of the Latch app. */
export type LatchContext = Context<AppEnv>;

/** One endpoint of the declarative route table. */
export interface RouteDef {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  /** Only served in dev mode (`LATCH_DEV=1`); 404 `not_found` otherwise. */
  devOnly?: boolean;
  handler: (c: LatchContext, ctx: ServerContext) => Response | Promise<Response>;
}
