import { LatchError, type WalletRpcResult } from '@latch/protocol';
import { WALLET_EVENT, type WalletEvent } from '@latch/protocol/frame';
import {
  DeviceRegisterData,
  WalletApproveTransactionData,
  WalletClearData,
  WalletConnectData,
  WalletCreateData,
  WalletRecoverData,
  WalletRevokeApprovalData,
  WalletRpcData,
  WalletSetRecoveryPasswordData,
} from '@latch/protocol/schemas';
import { type EventRoute, route } from '../router.js';
import { signPersonalMessage } from '../signing/signPersonalMessage.js';
import { signTransaction } from '../signing/signTransaction.js';
import { signTypedDataV4 } from '../signing/signTypedDataV4.js';
import type { FrameWallet } from './frameWallet.js';
import { mfaRoutes } from './mfaRoutes.js';

type Address = `0x${string}`;

/**
 * The frame's routes for the wallet and MFA events of SPEC §7 (mfaRoutes.ts; Farcaster events come later), plus
 * `latch:device:register` (replies `{ deviceId }`), `latch:wallet:clear` (replies `{}`) and
 * `latch:wallet:approve-transaction` (replies `{ approvalId, expiresAt }`; eth_signTransaction with that
 * id signs exactly the approved transaction, once) and `latch:wallet:revoke-approval` (replies `{}`; the id
 * then signs nothing).
 */
export function frameRoutes(wallet: FrameWallet): Partial<Record<WalletEvent, EventRoute>> {
  const { approvals } = wallet;
  return {
    ...mfaRoutes(wallet),
    [WALLET_EVENT.deviceRegister]: route(DeviceRegisterData, (d) => wallet.registerDevice(d)),
    [WALLET_EVENT.walletClear]: route(WalletClearData, async () => {
      wallet.clear();
      return {};
    }),
    [WALLET_EVENT.walletCreate]: route(WalletCreateData, (d) => wallet.create(d)),
    [WALLET_EVENT.walletConnect]: route(WalletConnectData, (d) =>
      wallet.connect({ accessToken: d.accessToken, address: d.address as Address }),
    ),
    [WALLET_EVENT.walletRecover]: route(WalletRecoverData, async (d) => {
      // Cloud backups arrive with the OAuth issue; the server's stored method decides the rest.
      if (d.recoveryMethod === 'google-drive' || d.recoveryMethod === 'icloud') {
        throw new LatchError('invalid_data', 'Unsupported recovery method.');
      }
      return wallet.recover({ accessToken: d.accessToken, address: d.address as Address, password: d.password });
    }),
    [WALLET_EVENT.walletSetRecoveryPassword]: route(WalletSetRecoveryPasswordData, (d) =>
      wallet.setRecoveryPassword({ accessToken: d.accessToken, address: d.address as Address, password: d.password }),
    ),
    [WALLET_EVENT.walletApproveTransaction]: route(WalletApproveTransactionData, async (d) => {
      // Only the signed-in owner of the unlocked wallet registers approvals for it.
      await wallet.unlockedWallet(d.accessToken, d.address as Address);
      return approvals.approve(d.address, d.transaction);
    }),
    // Needs no token: forgetting an approval only takes authority away (a closed review, a logout).
    [WALLET_EVENT.walletRevokeApproval]: route(WalletRevokeApprovalData, async (d) => {
      approvals.revoke(d.approvalId);
      return {};
    }),
    [WALLET_EVENT.walletRpc]: route(WalletRpcData, async (d): Promise<WalletRpcResult> => {
      const { request } = d;
      // With mfa_protects_signing, a signature needs a permit of a verify for its action (frameMfa.ts).
      const action = request.method === 'eth_signTransaction' ? 'send' : 'sign';
      const { wallet: unlocked, permit } = await wallet.unlockedFor(d.accessToken, d.address as Address, action);
      // The transaction approval is only used once the MFA check has passed (a refusal keeps it).
      if (request.method === 'eth_signTransaction' && d.approvalId !== undefined) {
        approvals.consume(d.approvalId, d.address, request.params[0]);
      }
      permit.spend();
      if (request.method === 'personal_sign') {
        return {
          method: request.method,
          result: await signPersonalMessage(unlocked, request.params[0], request.params[1]),
        };
      }
      if (request.method === 'eth_signTypedData_v4') {
        return {
          method: request.method,
          result: await signTypedDataV4(unlocked, request.params[0], request.params[1]),
        };
      }
      // With an approval id (consumed above), the frame signs only the transaction reviewed under it
      // (noPromptOnSignature hosts sign without one: their choice, docs/custody.md).
      return { method: request.method, result: await signTransaction(unlocked, request.params[0]) };
    }),
  };
}
