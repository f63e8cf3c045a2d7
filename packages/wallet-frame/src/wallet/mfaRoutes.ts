import type { MfaAction, MfaState } from '@latch/protocol';
import { WALLET_EVENT, type WalletEvent } from '@latch/protocol/frame';
import {
  MfaClearData,
  MfaInitEnrollmentData,
  MfaSubmitEnrollmentData,
  MfaUnenrollData,
  MfaVerifyData,
} from '@latch/protocol/schemas';
import { type EventRoute, route } from '../router.js';
import type { CustodyApi, MfaVerification } from './custodyApi.js';
import type { FrameWallet } from './frameWallet.js';

function verification(d: MfaVerifyData): MfaVerification {
  if (d.method === 'passkey') return { method: d.method, credential: d.credential, action: d.action };
  if (d.method === 'recovery_code') return { method: d.method, recoveryCode: d.recoveryCode, action: d.action };
  return { method: d.method, mfaCode: d.mfaCode, action: d.action };
}

function enroll(api: CustodyApi, d: MfaSubmitEnrollmentData): Promise<MfaState> {
  if (d.method === 'totp') return api.totpEnroll(d.accessToken, d.mfaCode);
  if (d.method === 'sms') return api.smsEnroll(d.accessToken, d.phoneNumber, d.mfaCode);
  return api.passkeysEnroll(d.accessToken, d.credentialIds);
}

/**
 * The frame's `latch:mfa:*` routes (docs/mfa.md "The frame's part"): each calls MFA_API with the token
 * and this frame's device proof and records the answered state for the owner. A verify for `sign` or
 * `send` also keeps a one-time permit for it (frameMfa.ts); `latch:mfa:clear` forgets the permits.
 */
export function mfaRoutes(wallet: FrameWallet): Partial<Record<WalletEvent, EventRoute>> {
  const { mfa } = wallet;
  const keep =
    (action?: MfaAction) =>
    (owner: { sub: string; sid: string }, state: MfaState): void => {
      mfa.record(owner, state);
      if (action === 'sign' || action === 'send') mfa.grant(owner, action);
    };
  return {
    [WALLET_EVENT.mfaVerify]: route(MfaVerifyData, (d) =>
      wallet.mfaRequest(d.accessToken, (api) => api.mfaVerify(d.accessToken, verification(d)), keep(d.action)),
    ),
    [WALLET_EVENT.mfaInitEnrollment]: route(MfaInitEnrollmentData, (d) =>
      wallet.mfaRequest(d.accessToken, (api) => api.totpInitEnrollment(d.accessToken)),
    ),
    [WALLET_EVENT.mfaSubmitEnrollment]: route(MfaSubmitEnrollmentData, (d) =>
      wallet.mfaRequest(d.accessToken, (api) => enroll(api, d), keep()),
    ),
    [WALLET_EVENT.mfaUnenroll]: route(MfaUnenrollData, (d) =>
      wallet.mfaRequest(d.accessToken, (api) => api.mfaUnenroll(d.accessToken, d.method), keep()),
    ),
    // Needs no token: forgetting permits only takes authority away.
    [WALLET_EVENT.mfaClear]: route(MfaClearData, async () => {
      mfa.clearPermits();
      return {};
    }),
  };
}
