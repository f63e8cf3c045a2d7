import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SIGN_TEXT_MAX } from './constants.js';
import { isWrongRecoveryPassword } from './walletErrors.js';
import { isWalletMessage, WALLET_EVENT, WALLET_EVENTS, WALLET_PROXY_ERROR_TYPES } from './walletEvents.js';
import {
  parseWalletReply,
  parseWalletRequest,
  WalletCreateData,
  WalletRpcData,
  walletErrorReply,
  walletReply,
} from './walletMessages.js';

const address = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('wallet message events', () => {
  it('covers every SPEC §7 event, the two custody events and the refused host approval, each with the latch: prefix', () => {
    expect([...WALLET_EVENTS].sort()).toEqual(
      [
        'latch:iframe:ready',
        'latch:wallet:create',
        'latch:wallet:import',
        'latch:wallet:connect',
        'latch:wallet:recover',
        'latch:wallet:rpc',
        'latch:wallet:set-recovery-password',
        'latch:mfa:verify',
        'latch:mfa:init-enrollment',
        'latch:mfa:submit-enrollment',
        'latch:mfa:unenroll',
        'latch:mfa:clear',
        'latch:farcaster:init-signer',
        'latch:farcaster:sign',
        // Not in SPEC §7: custody v2 (docs/custody.md).
        'latch:wallet:clear',
        'latch:device:register',
        // Not in SPEC §7: a host approval, which the frame refuses since issue #24 (docs/custody.md).
        'latch:wallet:approve-transaction',
        // Not in SPEC §7: cloud backups (docs/cloud-backup.md).
        'latch:wallet:cloud-auth-init',
        'latch:wallet:set-recovery-cloud',
      ].sort(),
    );
  });

  it("lists exactly the SPEC §8 wallet proxy error types and the frame confirmation's two", () => {
    expect(WALLET_PROXY_ERROR_TYPES).toEqual([
      'error',
      'invalid_request_arguments',
      'wallet_not_on_device',
      'invalid_recovery_pin',
      'insufficient_funds',
      'missing_or_invalid_mfa',
      'mfa_verification_max_attempts_reached',
      'mfa_timeout',
      'twilio_verification_failed',
      'step_up_required',
      'cloud_backup_not_found',
      'cloud_account_mismatch',
      'recovery_uses_cloud_provider',
      'approval_rejected',
      'approval_not_visible',
    ]);
  });
});

describe('request envelope', () => {
  it('accepts { id, event, data }', () => {
    const request = parseWalletRequest({ id: 'r1', event: WALLET_EVENT.walletCreate, data: { accessToken: 't' } });
    expect(request).toEqual({ id: 'r1', event: 'latch:wallet:create', data: { accessToken: 't' } });
  });

  it('refuses unknown events, missing or empty ids and non-objects', () => {
    expect(parseWalletRequest({ id: 'r1', event: 'latch:wallet:steal' })).toBeNull();
    expect(parseWalletRequest({ id: 'r1', event: 'wallet:create' })).toBeNull();
    expect(parseWalletRequest({ event: WALLET_EVENT.walletCreate })).toBeNull();
    expect(parseWalletRequest({ id: '', event: WALLET_EVENT.walletCreate })).toBeNull();
    expect(parseWalletRequest('latch:wallet:create')).toBeNull();
    expect(parseWalletRequest(null)).toBeNull();
  });

  it('pre-filters foreign traffic by prefix', () => {
    expect(isWalletMessage({ event: 'latch:iframe:ready' })).toBe(true);
    expect(isWalletMessage({ event: 'other:iframe:ready' })).toBe(false);
    expect(isWalletMessage({ type: 'webpackOk' })).toBe(false);
    expect(isWalletMessage('latch:iframe:ready')).toBe(false);
  });
});

describe('reply envelope', () => {
  it('round-trips data and error replies', () => {
    const ok = walletReply('r1', WALLET_EVENT.walletConnect, { address });
    expect(parseWalletReply(ok)).toEqual(ok);
    const failed = walletErrorReply('r2', WALLET_EVENT.walletRecover, 'invalid_recovery_pin', 'Wrong password');
    expect(parseWalletReply(failed)).toEqual({
      id: 'r2',
      event: 'latch:wallet:recover',
      error: { type: 'invalid_recovery_pin', message: 'Wrong password' },
    });
  });

  it('refuses a reply with both data and error, with neither, or with an unknown error type', () => {
    const both = { id: 'r', event: WALLET_EVENT.walletRpc, data: {}, error: { type: 'error', message: 'x' } };
    expect(parseWalletReply(both)).toBeNull();
    expect(parseWalletReply({ id: 'r', event: WALLET_EVENT.walletRpc })).toBeNull();
    const unknownType = { id: 'r', event: WALLET_EVENT.walletRpc, error: { type: 'boom', message: 'x' } };
    expect(parseWalletReply(unknownType)).toBeNull();
  });

  it('treats invalid_recovery_pin and invalid_request_arguments as a wrong password', () => {
    expect(isWrongRecoveryPassword('invalid_recovery_pin')).toBe(true);
    expect(isWrongRecoveryPassword('invalid_request_arguments')).toBe(true);
    expect(isWrongRecoveryPassword('error')).toBe(false);
  });
});

describe('payloads', () => {
  it('accepts personal_sign with [message, address] and typed data with [address, data]', () => {
    const sign = { accessToken: 't', address, request: { method: 'personal_sign', params: ['hello', address] } };
    expect(v.safeParse(WalletRpcData, sign).success).toBe(true);
    const typed = { accessToken: 't', address, request: { method: 'eth_signTypedData_v4', params: [address, '{}'] } };
    expect(v.safeParse(WalletRpcData, typed).success).toBe(true);
  });

  it("takes a sign call's texts as display hints, within SIGN_TEXT_MAX", () => {
    const request = { method: 'personal_sign', params: ['hello', address] };
    const display = { locale: 'es', title: 'Log in to Acme', description: 'Proves it is you.', buttonText: 'Sign in' };
    expect(v.safeParse(WalletRpcData, { accessToken: 't', address, request, display }).success).toBe(true);
    for (const [key, max] of Object.entries(SIGN_TEXT_MAX)) {
      const at = { accessToken: 't', address, request, display: { [key]: 'x'.repeat(max) } };
      expect(v.safeParse(WalletRpcData, at).success).toBe(true);
      const over = { accessToken: 't', address, request, display: { [key]: 'x'.repeat(max + 1) } };
      expect(v.safeParse(WalletRpcData, over).success).toBe(false);
    }
  });

  it('refuses an unknown rpc method, swapped params and a malformed address', () => {
    const unknown = { accessToken: 't', address, request: { method: 'eth_sign', params: [address, '0x00'] } };
    expect(v.safeParse(WalletRpcData, unknown).success).toBe(false);
    const swapped = { accessToken: 't', address, request: { method: 'personal_sign', params: [address, 'hello'] } };
    expect(v.safeParse(WalletRpcData, swapped).success).toBe(false);
    const badAddress = {
      accessToken: 't',
      address: '0x12',
      request: { method: 'personal_sign', params: ['a', '0x12'] },
    };
    expect(v.safeParse(WalletRpcData, badAddress).success).toBe(false);
  });

  it('requires an access token to create a wallet and offers every recovery method, cloud ones with their OAuth result', () => {
    expect(v.safeParse(WalletCreateData, {}).success).toBe(false);
    expect(v.safeParse(WalletCreateData, { accessToken: 't', recoveryMethod: 'latch' }).success).toBe(true);
    const cloudAuth = { authorizationCode: 'c', stateCode: 's'.repeat(43) };
    expect(v.safeParse(WalletCreateData, { accessToken: 't', recoveryMethod: 'icloud', cloudAuth }).success).toBe(true);
    expect(v.safeParse(WalletCreateData, { accessToken: 't', recoveryMethod: 'dropbox' }).success).toBe(false);
    const shortState = { authorizationCode: 'c', stateCode: 'short' };
    expect(v.safeParse(WalletCreateData, { accessToken: 't', cloudAuth: shortState }).success).toBe(false);
  });
});
