import { type DevIdp, startDevIdp } from '@latch/dev-idp';
import { WALLET_API } from '@latch/protocol/schemas';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { oauthApp, TEST_CALLBACK } from '../../modules/oauth/testing/oauthTestClient.js';
import { TestFrame } from '../../modules/wallets/testing/testFrame.js';
import { forEachBackend } from '../../test/harness.js';
import { stepUpTestClient } from './testing/stepUpForTest.js';

// A Google-only user (no email or phone to send an export code to) exports after re-authenticating
// with the Google account they had; another Google account is refused.

let idp: DevIdp;
beforeAll(async () => {
  idp = await startDevIdp({ redirectUris: [TEST_CALLBACK] });
});
afterAll(async () => {
  await idp?.close();
});

forEachBackend(
  'step-up with an OAuth account',
  (server, backend) => {
    it('lets a Google-only user export after a step-up with Google, never with another Google account', async () => {
      const { appId, clientId, client } = await oauthApp(server(), idp, ['google']);
      const email = `ada.stepup.${backend}@example.com`;
      const login = await client.logIn('google', { email });
      const frame = await TestFrame.create(server(), {
        appId,
        clientId,
        token: login.token!,
        refreshToken: login.refresh_token!,
        deviceGrant: login.device_grant,
      });
      expect((await frame.register()).status).toBe(200);
      const { res, input } = await frame.createWallet();
      expect(res.status).toBe(200);
      const caller = { appId, clientId, token: login.token! };
      expect(await stepUpTestClient(server(), caller).factors()).toEqual([
        { type: 'oauth', id: 'google', label: 'Google' },
      ]);
      // No code channel and no step-up yet.
      const bare = await frame.call('POST', WALLET_API.exportInit);
      expect(bare.status).toBe(401);
      expect((await bare.json()).error).toBe('step_up_required');

      const other = await client.stepUp('google', login.token!, 'export', {
        email: `eve.stepup.${backend}@example.com`,
      });
      expect(other.status).toBe(422);
      expect((await other.json()).error).toBe('step_up_factor_not_allowed');
      expect((await frame.call('POST', WALLET_API.exportInit)).status).toBe(401);

      const own = await client.stepUp('google', login.token!, 'export', { email });
      expect(own.status).toBe(200);
      expect(await own.json()).toEqual({ action: 'export', expires_at: expect.any(Number) });
      const released = await frame.call('POST', WALLET_API.exportInit);
      expect(released.status).toBe(200);
      expect(await released.json()).toEqual({
        channel: 'step_up',
        share_set_id: input.share_set_id,
        auth_share: input.auth_share,
      });
    });

    it('refuses a login’s state and code as a step-up', async () => {
      const { appId, clientId, client } = await oauthApp(server(), idp, ['google']);
      const email = `bo.stepup.${backend}@example.com`;
      const login = await client.logIn('google', { email });
      const caller = { appId, clientId, token: login.token! };
      // A login's state and code do not verify a step-up.
      const { url, state, verifier } = await client.init('google');
      const back = await client.authorize(url, { email });
      const proof = { authorization_code: back.code, state_code: state, code_verifier: verifier };
      const verify = await stepUpTestClient(server(), caller).verify('link', { type: 'oauth', id: 'google' }, proof);
      expect(verify.status).toBe(401);
      expect((await verify.json()).error).toBe('unknown_auth_error');
    });
  },
  { settings: { logLevel: 'error' } },
);
