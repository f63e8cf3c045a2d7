import { caip2ChainId, LatchError, type SiweInitResponse } from '@latch/protocol';
import type { SiweAuthenticateBody } from '@latch/protocol/schemas';
import type { Hex } from 'viem';
import type { AppRecord } from '../../identity/apps/appStore.js';
import { type AccountInput, isEmbeddedWallet } from '../../identity/users/accounts.js';
import type { ServerContext } from '../../kernel/context.js';
import { loadViem } from '../../kernel/lazy/loadViem.js';
import type { KeyThrottle } from '../../kernel/throttle/KeyThrottle.js';
import { SiweNonces } from './SiweNonces.js';
import { SIWE_CLOCK_SKEW_MS } from './siweClockSkew.js';
import type { AllowedChains, VerifiedSiwe } from './verifySiweMessage.js';

/** The wallet client type of the embedded wallet (DESIGN §2), never accepted as an external wallet. */
const EMBEDDED_WALLET_CLIENT_TYPE = 'latch';

/** Whether the verified wallet will log in or be linked: the embedded-wallet refusal differs (SPEC §5). */
type SiwePurpose = 'login' | 'link';

/** Sign-In with Ethereum: nonces out, signed messages in, a verified external wallet account out. */
export class SiweLogin {
  constructor(
    private readonly ctx: Pick<ServerContext, 'db' | 'clock'>,
    private readonly nonces: SiweNonces,
    private readonly rpcUrls: ReadonlyMap<number, string>,
    private readonly throttle: KeyThrottle,
    private readonly allowedChains: AllowedChains,
  ) {}

  /** Issues a nonce for `address` (any case; answered checksummed) to a client at `ip`, within its limit. */
  async init(app: AppRecord, address: string, ip: string): Promise<SiweInitResponse> {
    assertWalletAuth(app);
    await this.throttle.consume(`${app.id}:${ip}`);
    const { getAddress } = await loadViem();
    const checksummed = getAddress(address.toLowerCase());
    const { nonce, expiresAt } = await this.nonces.issue(app.id, checksummed);
    return { nonce, address: checksummed, expires_at: expiresAt.toISOString() };
  }

  /**
   * Verifies a signed message and spends its nonce, returning the wallet account to log in or link.
   * Every refusal before the nonce is spent changes nothing; after it, the nonce is gone (single use).
   */
  async verify(app: AppRecord, body: SiweAuthenticateBody, purpose: SiwePurpose): Promise<AccountInput> {
    assertWalletAuth(app);
    if (body.walletClientType.toLowerCase() === EMBEDDED_WALLET_CLIENT_TYPE) throw embeddedRefusal(purpose);
    // The verifier (viem's SIWE parser and signature check) loads with the first sign-in, not at start.
    const { verifySignInMessage } = await import('./verifySiweMessage.js');
    const verified = await verifySignInMessage({
      message: body.message,
      signature: body.signature as Hex,
      chainId: body.chainId,
      allowedOrigins: app.allowedOrigins,
      allowedChains: this.allowedChains,
      now: this.ctx.clock.now(),
      rpcUrls: this.rpcUrls,
      // A stale nonce is refused before the signature check, which may cost a call to the chain's node.
      beforeSignature: async ({ nonce, address, issuedAt }) => {
        const nonceIssuedAt = await this.nonces.peek(app.id, nonce, address);
        if (!nonceIssuedAt) throw unknownNonce();
        // A message cannot have been written before its nonce existed (beyond clock skew).
        if (issuedAt.getTime() < nonceIssuedAt.getTime() - SIWE_CLOCK_SKEW_MS) {
          throw new LatchError('invalid_credentials', 'The sign-in message says it was issued before its nonce.');
        }
      },
    });
    // Only after the signature: whether an address is an embedded wallet here is no stranger's business.
    if (await this.isEmbeddedWallet(app.id, verified.address)) throw embeddedRefusal(purpose);
    if (!(await this.nonces.take(app.id, verified.nonce, verified.address))) throw unknownNonce();
    return {
      type: 'wallet',
      address: verified.address,
      chain_type: 'ethereum',
      chain_id: caip2ChainId(verified.chainId),
      wallet_client_type: body.walletClientType,
      connector_type: body.connectorType,
      recovery_method: null,
      imported: false,
    };
  }

  /**
   * Checks a signed sign-in message that is not a login (the step-up's, walletStepUpFactor.ts) with this
   * server's chains, RPC URLs and the app's origins; `beforeSignature` checks its nonce. Spends nothing.
   */
  async verifySigned(
    app: AppRecord,
    message: string,
    signature: Hex,
    beforeSignature: (verified: VerifiedSiwe) => Promise<void>,
  ): Promise<VerifiedSiwe> {
    const { parseSignInMessage, verifySignInMessage } = await import('./verifySiweMessage.js');
    return verifySignInMessage({
      message,
      signature,
      chainId: parseSignInMessage(message).chainId,
      allowedOrigins: app.allowedOrigins,
      allowedChains: this.allowedChains,
      now: this.ctx.clock.now(),
      rpcUrls: this.rpcUrls,
      beforeSignature,
    });
  }

  /** True when the address is an embedded wallet of the app (its linked account has client type `latch`). */
  private async isEmbeddedWallet(appId: string, address: string): Promise<boolean> {
    const rows = await this.ctx.db
      .selectFrom('linked_accounts')
      .select(['type', 'details'])
      .where('app_id', '=', appId)
      .where('type', '=', 'wallet')
      .where('account_key', '=', address.toLowerCase())
      .execute();
    return rows.some((row) => isEmbeddedWallet({ type: row.type, details: row.details }));
  }
}

/** Throws `disallowed_login_method` unless the app enables wallet login (checked before any nonce is spent). */
function assertWalletAuth(app: AppRecord): void {
  if (!app.config.wallet_auth) throw new LatchError('disallowed_login_method');
}

function unknownNonce(): LatchError {
  return new LatchError('invalid_credentials', 'The sign-in nonce is unknown, expired or already used.');
}

function embeddedRefusal(purpose: SiwePurpose): LatchError {
  return purpose === 'login'
    ? new LatchError('disallowed_login_method', 'The embedded wallet cannot be used to log in as an external wallet.')
    : new LatchError('invalid_data', 'The embedded wallet cannot be linked as an external wallet.');
}

/** Builds a SiweLogin on a server's short-lived store and clock. */
export function createSiweLogin(
  ctx: Pick<ServerContext, 'db' | 'clock' | 'shortLived'>,
  rpcUrls: ReadonlyMap<number, string>,
  throttle: KeyThrottle,
  allowedChains: AllowedChains,
): SiweLogin {
  const nonces = new SiweNonces(ctx.shortLived, () => ctx.clock.now().getTime());
  return new SiweLogin(ctx, nonces, rpcUrls, throttle, allowedChains);
}
