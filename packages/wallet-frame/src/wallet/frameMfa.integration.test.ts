import { HEADER } from '@latch/protocol';
import { WALLET_EVENT } from '@latch/protocol/frame';
import { MFA_API, MFA_LIMIT } from '@latch/protocol/mfa';
import { routeBackends } from '@latch/server/testing';
import { IDBFactory } from 'fake-indexeddb';
import { Secret, TOTP } from 'otpauth';
import { parseEther, verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXPORT_PAGE_TEXT } from '../frameTexts.js';
import { openDeviceShareStore } from '../storage/deviceShareStore.js';
import { exportPage } from '../testing/exportPageDriver.js';
import { frameHost } from '../testing/frameHost.js';
import { type FrameTestServer, frameTestServer } from '../testing/frameTestServer.js';

// The frame's MFA against the REAL server (Hono app.request, PGlite, real tokens, real device keys):
// a TOTP enrolled through the frame (otpauth computes the codes), mfa_protects_signing on.
type FrameData = {
  address?: `0x${string}`;
  result?: `0x${string}`;
  authUrl?: string;
  secret?: string;
  requiredActions?: string[];
};
const MFA_REFUSED = { type: 'missing_or_invalid_mfa', message: 'MFA verification failed, retry.' };

const personalSign = (accessToken: string, address: string) => ({
  accessToken,
  address,
  request: { method: 'personal_sign', params: ['gm', address] },
});
const transaction = (address: string) => ({
  from: address,
  to: address,
  value: `0x${parseEther('1').toString(16)}`,
  chainId: 1,
  nonce: 0,
  gas: 21000,
});
const sendOneEth = (accessToken: string, address: string) => ({
  accessToken,
  address,
  request: { method: 'eth_signTransaction', params: [transaction(address)] },
});

describe.each(routeBackends())(
  'the frame enforces MFA for signing; the server for export, recovery and password ($name)',
  (backend) => {
    let env: FrameTestServer;
    beforeAll(async () => {
      env = await frameTestServer({
        app: { config: { mfa_methods: ['totp', 'sms'], mfa_protects_signing: true } },
        backend,
      });
      // The frame's clock (proof iat, token exp, permit lifetime) follows the server's fake clock, which
      // moves one TOTP step per code: a code is never accepted twice.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(env.server.clock.now());
    });
    afterAll(async () => {
      vi.useRealTimers();
      await env?.close();
    });

    const nextStep = () => {
      env.server.clock.advance(MFA_LIMIT.totpPeriodSeconds * 1000);
      vi.setSystemTime(env.server.clock.now());
    };

    /** A registered frame of `email` with a new wallet and an authenticator app enrolled through the frame. */
    async function enrolledFrame(email: string) {
      const login = await env.login(email);
      const device = await env.device();
      const host = frameHost<FrameData>(device.wallet);
      await host(WALLET_EVENT.deviceRegister, { accessToken: login.token, deviceGrant: login.grant });
      const address = (await host(WALLET_EVENT.walletCreate, { accessToken: login.token })).data
        ?.address as `0x${string}`;
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      // Every MFA change needs a step-up with a factor from before this session (the server's stepUp/).
      await env.stepUp(login.token, 'manage_mfa');
      const info = await host(WALLET_EVENT.mfaInitEnrollment, { accessToken: login.token, method: 'totp' });
      expect(info.data?.authUrl).toMatch(/^otpauth:\/\/totp\//);
      const totp = new TOTP({ secret: Secret.fromBase32(info.data?.secret as string) });
      const code = () => {
        nextStep();
        return totp.generate({ timestamp: env.server.clock.now().getTime() });
      };
      const enrolled = await host(WALLET_EVENT.mfaSubmitEnrollment, {
        accessToken: login.token,
        method: 'totp',
        mfaCode: code(),
      });
      // The first method: the server's recovery codes pass through to the host once (MFA-06).
      expect(enrolled.data).toEqual({
        mfaMethods: ['totp'],
        requiredActions: expect.arrayContaining(['export', 'recovery', 'set_password', 'sign', 'send', 'manage_mfa']),
        recoveryCodes: expect.arrayContaining([expect.stringMatching(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/)]),
      });
      expect((enrolled.data as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
      const verify = (action: string, token = login.token, mfaCode = code()) =>
        host(WALLET_EVENT.mfaVerify, { accessToken: token, method: 'totp', mfaCode, action });
      return { login, device, host, address, code, verify };
    }

    it('personal_sign and eth_signTransaction: refused without a verify, once after one, refused again', async () => {
      const { login, host, address, verify } = await enrolledFrame('mfa-sign@example.com');
      expect((await host(WALLET_EVENT.walletRpc, personalSign(login.token, address))).error).toEqual(MFA_REFUSED);
      expect((await host(WALLET_EVENT.walletRpc, sendOneEth(login.token, address))).error).toEqual(MFA_REFUSED);

      expect((await verify('sign')).error).toBeUndefined();
      // A permit for sign does not sign a transaction (and that refusal does not spend it).
      expect((await host(WALLET_EVENT.walletRpc, sendOneEth(login.token, address))).error).toEqual(MFA_REFUSED);
      const signed = await host(WALLET_EVENT.walletRpc, personalSign(login.token, address));
      expect(await verifyMessage({ address, message: 'gm', signature: signed.data?.result as `0x${string}` })).toBe(
        true,
      );
      expect((await host(WALLET_EVENT.walletRpc, personalSign(login.token, address))).error).toEqual(MFA_REFUSED);

      // A verify for send signs one transaction (this app signs headless: the MFA check applies on top).
      expect((await verify('send')).error).toBeUndefined();
      expect((await host(WALLET_EVENT.walletRpc, sendOneEth(login.token, address))).data?.result).toMatch(/^0x/);
      expect((await host(WALLET_EVENT.walletRpc, sendOneEth(login.token, address))).error).toEqual(MFA_REFUSED);
    });

    it('a wrong or replayed code keeps no permit; latch:mfa:clear and latch:wallet:clear drop permits', async () => {
      const { login, host, address, code, verify } = await enrolledFrame('mfa-clear@example.com');
      const good = code();
      expect((await verify('sign', login.token, good === '000000' ? '111111' : '000000')).error).toEqual(MFA_REFUSED);
      expect((await verify('sign', login.token, good)).error).toBeUndefined();
      expect((await host(WALLET_EVENT.mfaClear, {})).data).toEqual({});
      expect((await host(WALLET_EVENT.walletRpc, personalSign(login.token, address))).error).toEqual(MFA_REFUSED);
      // The same code again: the server never accepts a TOTP step twice.
      expect((await verify('sign', login.token, good)).error).toEqual(MFA_REFUSED);
      expect((await host(WALLET_EVENT.walletRpc, personalSign(login.token, address))).error).toEqual(MFA_REFUSED);

      expect((await verify('sign')).error).toBeUndefined();
      expect((await host(WALLET_EVENT.walletClear, {})).data).toEqual({});
      expect((await host(WALLET_EVENT.walletRpc, personalSign(login.token, address))).error).toEqual(MFA_REFUSED);
    });

    it("another user's token and another session of the owner never use the owner's permit", async () => {
      const email = 'mfa-owner@example.com';
      const { login, host, address, verify } = await enrolledFrame(email);
      expect((await verify('sign')).error).toBeUndefined();
      // A second session of the same user on this device: its own verification and permit, not the first's.
      const second = await env.login(email);
      await host(WALLET_EVENT.deviceRegister, { accessToken: second.token, deviceGrant: second.grant });
      expect((await host(WALLET_EVENT.walletRpc, personalSign(second.token, address))).error).toEqual(MFA_REFUSED);

      expect((await verify('sign')).error).toBeUndefined();
      const mallory = await env.login('mfa-mallory@example.com');
      expect((await host(WALLET_EVENT.walletRpc, personalSign(mallory.token, address))).data).toBeUndefined();
      // Mallory's token cleared the frame: the owner's permit went with it.
      expect((await host(WALLET_EVENT.walletRpc, personalSign(login.token, address))).error).toEqual(MFA_REFUSED);
    });

    it('enrolment changes go through the frame: a second method and a removal each need a manage_mfa verify', async () => {
      const { login, host, address, verify } = await enrolledFrame('mfa-manage@example.com');
      const phone = '+14155550142';
      // The host page asks for the code to the new phone (bearer only: it grants nothing).
      const smsInit = (action: 'enroll' | 'verify') =>
        env.server.call('POST', MFA_API.smsInit, {
          body: action === 'enroll' ? { action, phone_number: phone } : { action },
          headers: { authorization: `Bearer ${login.token}`, [HEADER.appId]: env.appId },
        });
      expect((await smsInit('enroll')).status).toBe(200);
      const smsCode = (await env.latestMessage(phone)).code as string;
      const addSms = { accessToken: login.token, method: 'sms', phoneNumber: phone, mfaCode: smsCode };
      await env.stepUp(login.token, 'manage_mfa');
      expect((await host(WALLET_EVENT.mfaSubmitEnrollment, addSms)).error).toEqual(MFA_REFUSED);
      expect((await verify('manage_mfa')).error).toBeUndefined();
      // The refused submit did not spend the SMS code.
      expect((await host(WALLET_EVENT.mfaSubmitEnrollment, addSms)).data).toMatchObject({
        mfaMethods: ['totp', 'sms'],
      });

      const removeTotp = { accessToken: login.token, method: 'totp' };
      await env.stepUp(login.token, 'manage_mfa');
      expect((await host(WALLET_EVENT.mfaUnenroll, removeTotp)).error).toEqual(MFA_REFUSED);
      expect((await verify('manage_mfa')).error).toBeUndefined();
      expect((await host(WALLET_EVENT.mfaUnenroll, removeTotp)).data).toMatchObject({ mfaMethods: ['sms'] });

      // The last method, with an SMS verification: then nothing is protected and the frame signs freely.
      expect((await smsInit('verify')).status).toBe(200);
      const viaSms = (await env.latestMessage(phone)).code as string;
      const verified = await host(WALLET_EVENT.mfaVerify, {
        accessToken: login.token,
        method: 'sms',
        mfaCode: viaSms,
        action: 'manage_mfa',
      });
      expect(verified.error).toBeUndefined();
      await env.stepUp(login.token, 'manage_mfa');
      expect((await host(WALLET_EVENT.mfaUnenroll, { accessToken: login.token, method: 'sms' })).data).toEqual({
        mfaMethods: [],
        requiredActions: [],
      });
      expect((await host(WALLET_EVENT.walletRpc, personalSign(login.token, address))).data?.result).toMatch(/^0x/);
    });

    it('the export page answers missing_or_invalid_mfa until a verify for export, then asks for its code', async () => {
      const { login, device, address, verify } = await enrolledFrame('mfa-export@example.com');
      const page = exportPage((await env.device(device.idb)).wallet, address);
      page.connect(login.token, 'c1');
      await page.settled('c1');
      expect(page.reply('c1')).toMatchObject({ error: MFA_REFUSED });
      expect(page.shown).toEqual({ errors: [EXPORT_PAGE_TEXT.mfaRequired], prompts: [], keys: [] });

      expect((await verify('export')).error).toBeUndefined();
      page.connect(login.token, 'c2');
      await page.settled('c2');
      expect(page.reply('c2')).toMatchObject({ data: { address } });
      expect(page.shown.prompts).toHaveLength(1);
      // The verification was single-use: the next export needs another.
      page.connect(login.token, 'c3');
      await page.settled('c3');
      expect(page.reply('c3')).toMatchObject({ error: MFA_REFUSED });
    });

    it('recovery and set-password: refused without a verify (nothing spent, nothing lost), done after one', async () => {
      const email = 'mfa-recover@example.com';
      const { login, device, host, address, code } = await enrolledFrame(email);
      const store = await openDeviceShareStore(device.idb);
      const before = await store.load(address);
      const setPassword = { accessToken: login.token, address, password: 'Secret-123' };
      expect((await host(WALLET_EVENT.walletSetRecoveryPassword, setPassword)).error).toEqual(MFA_REFUSED);
      expect(await store.load(address)).toEqual(before);
      await host(WALLET_EVENT.mfaVerify, {
        accessToken: login.token,
        method: 'totp',
        mfaCode: code(),
        action: 'set_password',
      });
      expect((await host(WALLET_EVENT.walletSetRecoveryPassword, setPassword)).data?.address).toBe(address);

      // A new device: its recovery release is refused until that device verifies for recovery.
      const laptopLogin = await env.login(email);
      const releases: number[] = [];
      const counting: typeof fetch = async (input, init) => {
        const response = await env.frameFetch(input, init);
        if (new URL(String(input)).pathname.endsWith('/embedded_wallets/recovery')) releases.push(response.status);
        return response;
      };
      const laptop = frameHost<FrameData>((await env.device(new IDBFactory(), { fetch: counting })).wallet);
      await laptop(WALLET_EVENT.deviceRegister, { accessToken: laptopLogin.token, deviceGrant: laptopLogin.grant });
      const recover = {
        accessToken: laptopLogin.token,
        address,
        password: 'Secret-123',
        recoveryMethod: 'user-passcode',
      };
      expect((await laptop(WALLET_EVENT.walletRecover, recover)).error).toEqual(MFA_REFUSED);
      // The phone's verification is bound to the phone's device: it does not open the laptop's recovery.
      await host(WALLET_EVENT.mfaVerify, {
        accessToken: login.token,
        method: 'totp',
        mfaCode: code(),
        action: 'recovery',
      });
      expect((await laptop(WALLET_EVENT.walletRecover, recover)).error).toEqual(MFA_REFUSED);
      const laptopVerify = await laptop(WALLET_EVENT.mfaVerify, {
        accessToken: laptopLogin.token,
        method: 'totp',
        mfaCode: code(),
        action: 'recovery',
      });
      expect(laptopVerify.error).toBeUndefined();
      expect((await laptop(WALLET_EVENT.walletRecover, recover)).data?.address).toBe(address);
      expect(releases).toEqual([401, 401, 200]);
    });
  },
);
