import type { LatchModule } from '../kernel/module.js';
import type { AppRecord } from './apps/appStore.js';
import { AppStore } from './apps/appStore.js';
import { LoginCredentials } from './credentials/LoginCredentials.js';
import { cors } from './http/cors.js';
import { type AuthenticatedUser, appCaller, userCaller } from './http/requireCaller.js';
import { type AppSource, resolveApp } from './http/resolveApp.js';
import { type RequestSessionCookies, sessionCookies } from './http/sessionCookies.js';
import { identitySealing } from './identitySealing.js';
import { SigningKeys } from './keys/signingKeys.js';
import { identityMigrations } from './migrations/index.js';
import { appRoutes } from './routes/appRoutes.js';
import { sessionRoutes } from './routes/sessionRoutes.js';
import { userRoutes } from './routes/userRoutes.js';
import { securityEventRoutes } from './securityEvents/securityEventRoutes.js';
import { type SessionHooks, sessionHooksOf } from './sessions/sessionHooks.js';
import { purgeExpiredSessions } from './sessions/sessions.js';
import type { StepUpFactor } from './stepUp/StepUpFactor.js';
import { stepUpRoutes } from './stepUp/stepUpRoutes.js';

declare module '../kernel/context.js' {
  interface Services {
    /** The apps: config, origins, client ids (identity/apps/). */
    apps: AppStore;
    /** Each app's token signing keys, sealed under the master key (identity/keys/). */
    keys: SigningKeys;
    /** An app's OAuth provider and Telegram bot credentials, secrets sealed under the master key (identity/credentials/). */
    loginCredentials: LoginCredentials;
    /** The modules' `onSessionStarted` hooks, run by every fresh login (identity/sessions/sessionHooks.ts). */
    sessionHooks: SessionHooks;
    /** The step-up factors the modules declare, in module order (identity/stepUp/StepUpFactor.ts). */
    stepUpFactors: readonly StepUpFactor[];
  }
}

declare module '../kernel/http/env.js' {
  interface RequestVariables {
    /** The request's app (`resolveApp`); undefined when the request names none or one that does not resolve. */
    app: AppRecord | undefined;
    appSource: AppSource | undefined;
    /** Why a named app did not resolve: a malformed id or an unknown one. */
    appProblem: 'invalid_app_id' | 'app_not_found' | undefined;
    /** The authenticated user (callers `user`, `frame`, `new-device`). */
    user: AuthenticatedUser;
    /** Cookie mode: the session cookies of a request that named its app by header (`sessionCookies`). */
    sessionCookies: RequestSessionCookies | undefined;
  }
  interface CallerKinds {
    /** A request naming a known app, by header or path. */
    app: true;
    /** A valid access token of the request's app, its session not revoked. */
    user: true;
  }
}

/** Expired refresh tokens and dead sessions are swept this often (and once at start). */
const PURGE_INTERVAL_MS = 3600_000;

/**
 * Identity: users, accounts, sessions, apps and their signing keys, step-up and security events. Not
 * optional: every server lists it first (`createLatchServer` adds it).
 */
export const identityModule: LatchModule = {
  id: 'identity',
  services: (ctx, { modules }) => {
    const keys = new SigningKeys(ctx.db, ctx.sealer, ctx.clock);
    return {
      keys,
      apps: new AppStore(ctx.db, keys, ctx.clock, { dev: ctx.settings.dev }),
      loginCredentials: new LoginCredentials(ctx.db, ctx.sealer, ctx.clock),
      sessionHooks: sessionHooksOf(ctx, modules),
      stepUpFactors: modules.flatMap((module) => module.stepUpFactors ?? []),
    };
  },
  // The request's app is resolved (and checked against its client id and origins) before CORS answers; cookie
  // mode (an app with custom_api_url) then reads and sets the session cookies.
  middleware: [resolveApp(), cors(), sessionCookies()],
  callers: { app: appCaller, user: userCaller },
  routes: [...appRoutes, ...sessionRoutes, ...userRoutes, ...securityEventRoutes, ...stepUpRoutes],
  background: (ctx) => {
    const purge = () =>
      purgeExpiredSessions(ctx).catch((error: Error) =>
        ctx.logger.warn({ err: { message: error.message } }, 'session purge failed'),
      );
    void purge();
    const timer = setInterval(purge, PURGE_INTERVAL_MS);
    timer.unref();
    return { stop: () => clearInterval(timer) };
  },
  migrations: identityMigrations,
  sealed: identitySealing,
};
