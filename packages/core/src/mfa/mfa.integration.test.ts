// The MFA client end to end with real parts: the real server (PGlite, or PG+Redis with DATABASE_URL) and
// the real frame code (router, device key, wallet keys, MFA permits) in this process, core's real bridge
// and runtime talking to it by messages. Only the browser window is stood in for (FrameHost); the user's
// authenticator app is otpauth over the secret the enrolment screen shows.

import { HEADER, IDENTITY_API, LatchError, toUser, type User, type WireUser } from '@latch/protocol';
import { MFA_LIMIT } from '@latch/protocol/mfa';
import { routeBackends } from '@latch/server/testing';
import { createFrameRouter, frameRoutes } from '@latch/wallet-frame';
import { type FrameTestServer, frameTestServer, HEADLESS, PUBLIC_URL } from '@latch/wallet-frame/testing';
import { Secret, TOTP } from 'otpauth';
import { verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LatchClient } from '../client.js';
import { systemClock } from '../clock.js';
import { createEmbeddedWalletBridge } from '../embeddedWallet/embeddedWalletBridge.js';
import { embeddedWalletOf } from '../embeddedWallet/embeddedWalletController.js';
import { createEmbeddedWalletRuntime, type EmbeddedWalletRuntime } from '../embeddedWallet/embeddedWalletRuntime.js';

const HOST_ORIGIN = 'https://host.example';
type Listener = (message: { data: unknown; origin: string; source: unknown }) => void;

/** A FrameHost whose "iframe" is the frame's real router (as in sendTransaction.integration.test.ts). */
function inProcessFrameHost(routes: ReturnType<typeof frameRoutes>) {
  const hostListeners = new Set<Listener>();
  const frameListeners = new Set<(event: MessageEvent) => void>();
  const frameOrigin = new URL(PUBLIC_URL).origin;
  const target = {
    postMessage: (data: unknown) =>
      queueMicrotask(() => {
        for (const l of frameListeners) l({ data, origin: HOST_ORIGIN, source: parent } as unknown as MessageEvent);
      }),
  };
  const parent = {
    postMessage: (data: unknown) =>
      queueMicrotask(() => {
        for (const l of hostListeners) l({ data, origin: frameOrigin, source: target });
      }),
  };
  return {
    mountFrame() {
      const self = {
        addEventListener: (_: 'message', l: (event: MessageEvent) => void) => frameListeners.add(l),
        removeEventListener: (_: 'message', l: (event: MessageEvent) => void) => frameListeners.delete(l),
      };
      const router = createFrameRouter({ self, parent, parentOrigin: HOST_ORIGIN, routes });
      router.start();
      return { target, remove: () => router.stop() };
    },
    listen(listener: Listener) {
      hostListeners.add(listener);
      return () => hostListeners.delete(listener);
    },
  };
}

describe.each(routeBackends())('MFA client on the real server and frame ($name)', (backend) => {
  let env: FrameTestServer;
  beforeAll(async () => {
    env = await frameTestServer({
      // Headless signing (issue #24): this app signs without the frame's confirmation; MFA still applies on top.
      app: {
        config: {
          mfa_methods: ['totp', 'sms'],
          mfa_protects_signing: true,
          embedded_wallet_config: { headless_signing: true },
        },
      },
      backend,
    });
    // The frame's clock follows the server's fake clock, which moves one TOTP step per code.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(env.server.clock.now());
  }, 60_000);
  afterAll(async () => {
    vi.useRealTimers();
    await env?.close();
  });

  /** A signed-in user with a wallet, and the real runtime over the real bridge and frame. */
  async function signedIn(email: string) {
    const login = await env.login(email);
    const device = await env.device();
    const bridge = createEmbeddedWalletBridge({
      apiUrl: PUBLIC_URL,
      appId: env.appId,
      host: inProcessFrameHost(frameRoutes(device.wallet, HEADLESS)),
    });
    await bridge.registerDevice({ accessToken: login.token, deviceGrant: login.grant });
    await bridge.create({ accessToken: login.token });
    const authed = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
      const res = await env.server.call(method, path, {
        headers: { authorization: `Bearer ${login.token}`, [HEADER.appId]: env.appId },
        ...(body === undefined ? {} : { json: body }),
      });
      const json = (await res.json()) as T & { error?: string };
      if (res.status >= 400) throw new LatchError((json.error ?? 'internal_error') as 'invalid_data');
      return json;
    };
    let user = {} as User;
    // What the client believes (a stale copy when another tab changed the user), else the server's user.
    let view: User | null = null;
    const fetchUser = async () => {
      const body = await authed<{ user?: WireUser } & WireUser>('GET', IDENTITY_API.me);
      user = toUser(body.user ?? body);
      view = null;
      return user;
    };
    await fetchUser();
    const config = {
      embeddedWallets: { noPromptOnSignature: true, headlessSigning: true, createOnLogin: 'off' },
      mfa: { methods: ['totp', 'sms'], noPromptOnMfaRequired: false, required: false, protectsSigning: true },
    };
    const client = {
      getState: () => ({ user: view ?? user, config }),
      subscribe: () => () => {},
      getAccessToken: async () => login.token,
      analyticsId: () => 'analytics-id',
      refreshUser: fetchUser,
      hasDeviceGrant: () => false,
      takeDeviceGrant: () => null,
      authedRequest: <T>(path: string, body?: unknown) => authed<T>('POST', path, body),
    } as unknown as LatchClient;
    const runtime = createEmbeddedWalletRuntime({
      client,
      apiUrl: PUBLIC_URL,
      appId: env.appId,
      clock: systemClock,
      bridge,
    });
    const address = embeddedWalletOf(user)?.address as `0x${string}`;
    return {
      runtime,
      bridge,
      token: login.token,
      address,
      user: () => user,
      pin: (stale: User | null) => (view = stale),
    };
  }

  /** The authenticator app: the code at the server's clock, one step later each time (never reused). */
  const authenticator = (secret: string) => {
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    return () => {
      env.server.clock.advance(MFA_LIMIT.totpPeriodSeconds * 1000);
      vi.setSystemTime(env.server.clock.now());
      return totp.generate({ timestamp: env.server.clock.now().getTime() });
    };
  };

  /**
   * Enrols the authenticator app through the enrolment flow, as the screens drive it, after the
   * `manage_mfa` step-up every MFA change needs (the widget's step-up screen; here through the API).
   */
  async function enrolTotp(runtime: EmbeddedWalletRuntime, token: string) {
    await env.stepUp(token, 'manage_mfa');
    const mfa = await runtime.loadMfa();
    const closed = mfa.openEnrollment();
    const step = () => runtime.getState().mfa?.enrollment;
    expect(step()?.step).toBe('intro');
    mfa.enrollmentAction({ type: 'continue' });
    mfa.enrollmentAction({ type: 'choose', method: 'totp' });
    await vi.waitFor(() => expect(step()?.totp?.authUrl).toMatch(/^otpauth:\/\/totp\//));
    const code = authenticator(step()?.totp?.secret as string);
    mfa.enrollmentAction({ type: 'codeChanged', code: code() });
    mfa.enrollmentAction({ type: 'submit' });
    // A first enrolment: the server's 10 recovery codes come through the frame, shown once (MFA-06).
    await vi.waitFor(() => expect(step()).toMatchObject({ step: 'recoveryCodes', enrolled: ['totp'] }));
    expect(step()?.recoveryCodes).toHaveLength(MFA_LIMIT.recoveryCodes);
    mfa.enrollmentAction({ type: 'continue' });
    expect(step()).toMatchObject({ step: 'done', result: 'added', enrolled: ['totp'], recoveryCodes: null });
    mfa.enrollmentAction({ type: 'close' });
    await closed;
    return { mfa, code };
  }

  /** Types `code` into the open prompt and presses Verify. */
  async function answer(runtime: EmbeddedWalletRuntime, code: string) {
    await vi.waitFor(() => expect(runtime.getState().mfa?.prompt?.status).toBe('ready'));
    const mfa = await runtime.loadMfa();
    mfa.promptAction({ type: 'codeChanged', code });
    mfa.promptAction({ type: 'submit' });
    await vi.waitFor(() => expect(runtime.getState().mfa?.prompt?.status).not.toBe('verifying'));
  }

  it('enrol TOTP, then personal_sign is held until verified, signs once, and the next needs a new code', async () => {
    const { runtime, address, user, token } = await signedIn('mfa-client-sign@example.com');
    const { code } = await enrolTotp(runtime, token);
    expect(user().mfaMethods).toEqual(['totp']); // refreshed from the server

    const signature = runtime.provider.request({ method: 'personal_sign', params: ['gm', address] });
    await vi.waitFor(() => expect(runtime.getState().mfa?.prompt).toMatchObject({ action: 'sign', method: 'totp' }));
    const good = code();
    await answer(runtime, good === '000000' ? '111111' : '000000');
    expect(runtime.getState().mfa?.prompt).toMatchObject({ error: 'mfa_invalid_code', attempts: 1 });
    await answer(runtime, code());
    const signed = (await signature) as `0x${string}`;
    expect(await verifyMessage({ address, message: 'gm', signature: signed })).toBe(true);
    expect(runtime.getState().mfa?.prompt).toBeNull();

    // The frame's permit was single-use: the next signature asks again; 'Not now' signs nothing.
    const again = runtime.provider.request({ method: 'personal_sign', params: ['gm again', address] });
    await vi.waitFor(() => expect(runtime.getState().mfa?.prompt?.action).toBe('sign'));
    (await runtime.loadMfa()).promptAction({ type: 'cancel' });
    await expect(again).rejects.toMatchObject({ message: 'MFA canceled' });
  });

  it('another tab enrolled (stale user): the frame refuses, the client verifies and retries once', async () => {
    const { runtime, bridge, token, address, user, pin } = await signedIn('mfa-client-stale@example.com');
    const before = user();
    const { mfa, code } = await enrolTotp(runtime, token);
    pin(before); // this tab still thinks the user has no method: no verification first
    const signature = runtime.provider.request({ method: 'personal_sign', params: ['stale', address] });
    await vi.waitFor(() => expect(runtime.getState().mfa?.prompt?.action).toBe('sign'));
    await answer(runtime, code());
    expect(await verifyMessage({ address, message: 'stale', signature: (await signature) as `0x${string}` })).toBe(
      true,
    );

    // And a verification is bound to its action: a permit for sign does not sign a transaction.
    await mfa.verify('sign', 'totp', code());
    const tx = { from: address, to: address, value: '0x1', chainId: 1, nonce: 0, gas: 21000 };
    const request = { method: 'eth_signTransaction' as const, params: [tx] as [typeof tx] };
    await expect(bridge.rpc({ accessToken: token, address, request } as never)).rejects.toMatchObject({
      code: 'missing_or_invalid_mfa',
    });
  });

  it('exportWallet verifies for export first: no export screen until the code is right', async () => {
    const { runtime, token } = await signedIn('mfa-client-export@example.com');
    const { code } = await enrolTotp(runtime, token);
    const exported = runtime.exporter.exportWallet();
    await vi.waitFor(() => expect(runtime.getState().mfa?.prompt?.action).toBe('export'));
    expect(runtime.exporter.getState()).toBeNull();
    await answer(runtime, code());
    await vi.waitFor(() => expect(runtime.exporter.getState()).not.toBeNull());
    runtime.exporter.close();
    await exported;
  });
});
