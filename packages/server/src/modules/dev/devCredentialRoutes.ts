import { DEV_API, LatchError, OAUTH_PROVIDERS, type OAuthProvider } from '@latch/protocol';
import * as v from 'valibot';
import { CREDENTIAL_METHODS, type CredentialMethod } from '../../identity/credentials/LoginCredentials.js';
import { assertRemovable } from '../../identity/credentials/methodCredentialsCheck.js';
import { namedApp } from '../../identity/http/resolveApp.js';
import type { LatchContext, RouteDef } from '../../kernel/http/env.js';
import { parseBody } from '../../kernel/http/parseBody.js';
import { checkOAuthPublicConfig } from '../oauth/oauthCredentials.js';

/** Body of the dev credentials endpoint: what `apps oauth set` / `apps telegram set` store. */
const DevCredentialsBody = v.strictObject({
  public_config: v.record(v.string(), v.unknown()),
  secret: v.nullable(v.pipe(v.string(), v.maxLength(16_384))),
});

/** The method named by the path; `invalid_data` for any other. */
function methodOf(c: LatchContext): CredentialMethod {
  const method = c.req.param('method');
  if (!(CREDENTIAL_METHODS as readonly string[]).includes(method ?? '')) {
    throw new LatchError('invalid_data', `Unknown login method "${method}": one of ${CREDENTIAL_METHODS.join(', ')}.`);
  }
  return method as CredentialMethod;
}

/** The app named by the path (read fresh, so a change just made counts), then the login method it names. */
async function appAndMethod(c: LatchContext) {
  const app = await c.get('ctx').apps.require(namedApp(c).id, { fresh: true });
  return { app, method: methodOf(c) };
}

/**
 * Dev-mode endpoints (404 outside dev mode) that set and remove an app's login credentials, as the CLI
 * does: for tests and e2e, which make apps through the dev API. Answers never carry the secret.
 */
export const devCredentialRoutes: RouteDef[] = [
  {
    method: 'put',
    path: DEV_API.loginCredentials.pattern,
    devOnly: true,
    handler: async (c) => {
      const ctx = c.get('ctx');
      const { app, method } = await appAndMethod(c);
      const body = await parseBody(c, DevCredentialsBody);
      const publicConfig = (OAUTH_PROVIDERS as readonly string[]).includes(method)
        ? checkOAuthPublicConfig(method as OAuthProvider, body.public_config)
        : body.public_config;
      await ctx.loginCredentials.set(app.id, method, publicConfig, body.secret);
      return c.json({ app_id: app.id, method, public_config: publicConfig, has_secret: body.secret !== null });
    },
  },
  {
    method: 'delete',
    path: DEV_API.loginCredentials.pattern,
    devOnly: true,
    handler: async (c) => {
      const ctx = c.get('ctx');
      const { app, method } = await appAndMethod(c);
      assertRemovable(app, method);
      return c.json({ app_id: app.id, method, removed: await ctx.loginCredentials.remove(app.id, method) });
    },
  },
];
