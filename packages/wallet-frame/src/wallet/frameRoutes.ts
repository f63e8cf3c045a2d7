import { LatchError, type WalletRpcResult } from '@latch/protocol';
import { WALLET_EVENT, type WalletEvent } from '@latch/protocol/frame';
import {
  DeviceRegisterData,
  WalletClearData,
  WalletCloudAuthInitData,
  WalletConnectData,
  WalletCreateData,
  WalletRecoverData,
  WalletRpcData,
  WalletSetRecoveryCloudData,
  WalletSetRecoveryPasswordData,
} from '@latch/protocol/schemas';
import * as v from 'valibot';
import type { ApprovalGate } from '../approval/approvalGate.js';
import { type ConfirmationContent, signContent, transactionContent } from '../approval/confirmationContent.js';
import { farcasterRoutes } from '../farcaster/farcasterRoutes.js';
import type { ImportPrompt } from '../import/importPrompt.js';
import { importRoute } from '../import/importRoute.js';
import { CustodyError } from '../keys/custodyError.js';
import { type EventRoute, route } from '../router.js';
import { assertSigner, signPersonalMessage } from '../signing/signPersonalMessage.js';
import { signTransaction } from '../signing/signTransaction.js';
import { signTypedDataV4 } from '../signing/signTypedDataV4.js';
import type { FrameWallet } from './frameWallet.js';
import { mfaRoutes } from './mfaRoutes.js';

type Address = `0x${string}`;

/** How the frame approves signatures: its confirmation, or headless when the app's server config says so. */
export interface FrameApproval {
  /** The app's `embedded_wallet_config.headless_signing`, from the server-rendered FrameConfig only. */
  headless: boolean;
  gate: Pick<ApprovalGate, 'confirm' | 'clear'>;
}

// Without a document nothing can be typed: an import is refused as a hidden frame's would be.
const NO_IMPORT: ImportPrompt = {
  ask: async () => Promise.reject(new LatchError('approval_not_visible')),
  clear() {},
};

// What the confirmation shows for a request, checked before anything is shown (a malformed request is refused
// without asking the user).
function contentOf(d: WalletRpcData): ConfirmationContent {
  const { request, display } = d;
  if (request.method === 'personal_sign') {
    const [message, signer] = request.params;
    if (message.length === 0)
      throw new CustodyError('invalid_message', 'The message to sign must be a non-empty string.');
    if (signer.toLowerCase() !== d.address.toLowerCase())
      throw new CustodyError('wrong_signer', 'The address is not this wallet');
    return signContent('message', message, display);
  }
  if (request.method === 'eth_signTypedData_v4') return signContent('typedData', request.params[1], display);
  const [transaction] = request.params;
  if (typeof transaction.from === 'string' && transaction.from.toLowerCase() !== d.address.toLowerCase()) {
    throw new CustodyError('wrong_signer', 'The address is not this wallet');
  }
  return transactionContent(d.address, transaction, display);
}

/**
 * The frame's routes for the wallet, MFA and Farcaster events of SPEC §7 (mfaRoutes.ts, farcasterRoutes.ts), plus
 * `latch:device:register` (replies `{ deviceId }`) and `latch:wallet:clear` (replies `{}`). `latch:wallet:rpc`
 * signs only after the user's click on the frame's own confirmation (`approval.gate`), or at once when the
 * app's server config allows headless signing; `latch:wallet:approve-transaction` is refused. `latch:wallet:import`
 * asks for the key in the frame's own form (`imports`); without one (no document) it is refused as not visible.
 */
export function frameRoutes(
  wallet: FrameWallet,
  approval: FrameApproval,
  imports: ImportPrompt = NO_IMPORT,
): Partial<Record<WalletEvent, EventRoute>> {
  return {
    ...mfaRoutes(wallet),
    ...farcasterRoutes(wallet, approval),
    [WALLET_EVENT.deviceRegister]: route(DeviceRegisterData, (d) => wallet.registerDevice(d)),
    [WALLET_EVENT.walletClear]: route(WalletClearData, async () => {
      approval.gate.clear();
      imports.clear();
      wallet.clear();
      return {};
    }),
    [WALLET_EVENT.walletCreate]: route(WalletCreateData, (d) => wallet.create(d)),
    [WALLET_EVENT.walletImport]: importRoute(wallet, imports),
    [WALLET_EVENT.walletConnect]: route(WalletConnectData, (d) =>
      wallet.connect({ accessToken: d.accessToken, address: d.address as Address }),
    ),
    // The server's stored method decides how the recovery opens (a cloud wallet needs `cloudAuth`).
    [WALLET_EVENT.walletRecover]: route(WalletRecoverData, (d) =>
      wallet.recover({ ...d, accessToken: d.accessToken, address: d.address as Address }),
    ),
    [WALLET_EVENT.walletSetRecoveryPassword]: route(WalletSetRecoveryPasswordData, (d) =>
      wallet.setRecovery({ ...d, address: d.address as Address, recoveryMethod: 'user-passcode' }),
    ),
    // Cloud backups (docs/cloud-backup.md): the frame keeps the round trip's PKCE verifier and state itself.
    [WALLET_EVENT.walletCloudAuthInit]: route(WalletCloudAuthInitData, (d) =>
      wallet.mfaRequest(d.accessToken, (api) => wallet.cloud.begin(api, d.accessToken, d)),
    ),
    [WALLET_EVENT.walletSetRecoveryCloud]: route(WalletSetRecoveryCloudData, (d) =>
      wallet.setRecovery({ ...d, address: d.address as Address, recoveryMethod: d.provider }),
    ),
    // Approval is a click in this frame, never a message a host script could send.
    [WALLET_EVENT.walletApproveTransaction]: route(v.unknown(), async () => {
      throw new LatchError('transaction_not_approved');
    }),
    [WALLET_EVENT.walletRpc]: route(WalletRpcData, async (d): Promise<WalletRpcResult> => {
      const { request } = d;
      const content = contentOf(d);
      // With mfa_protects_signing, a signature needs a permit of a verify for its action (frameMfa.ts): checked
      // before the confirmation is shown, spent only once the user approved.
      const action = request.method === 'eth_signTransaction' ? 'send' : 'sign';
      const { wallet: unlocked, permit } = await wallet.unlockedFor(d.accessToken, d.address as Address, action);
      const epoch = wallet.epoch;
      if (!approval.headless) await approval.gate.confirm(content);
      // A clear (logout, another user's token) while the user looked signs nothing.
      if (wallet.epoch !== epoch) throw new LatchError('missing_or_invalid_token');
      permit.spend();
      if (request.method === 'personal_sign') {
        assertSigner(unlocked, request.params[1]);
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
      return { method: request.method, result: await signTransaction(unlocked, request.params[0]) };
    }),
  };
}
