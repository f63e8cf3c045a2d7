import { LatchError } from '@latch/protocol';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** Farcaster's SignedKeyRequestValidator on OP Mainnet: the EIP-712 domain of a signed key request. */
export const SIGNED_KEY_REQUEST_DOMAIN = {
  name: 'Farcaster SignedKeyRequestValidator',
  version: '1',
  chainId: 10,
  verifyingContract: '0x00000000FC700472606ED4fA22623Acf62c60553',
} as const;

/** The EIP-712 type of a signed key request (Farcaster docs "Signed key requests"). */
export const SIGNED_KEY_REQUEST_TYPE = {
  SignedKeyRequest: [
    { name: 'requestFid', type: 'uint256' },
    { name: 'key', type: 'bytes' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

/** A signed key request as Farcaster's API creates it. */
export interface CreatedKeyRequest {
  token: string;
  /** `farcaster://signed-key-request?token=…`: where the user approves the key. */
  deeplinkUrl: string;
}

/** A signed key request's state as Farcaster's API answers it. */
export interface KeyRequestState {
  /** `pending`, `approved` (the user approved, the key's transaction is on its way) or `completed` (key added). */
  state: string;
  /** The fid that approved, once approved. */
  userFid?: number;
}

const apiError = (why: string) => new LatchError('farcaster_api_error', `The Farcaster API ${why}.`);
const API_TIMEOUT_MS = 10_000;

async function call(url: string, init?: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(API_TIMEOUT_MS) });
  } catch {
    throw apiError('could not be reached');
  }
  if (!res.ok) throw apiError(`answered ${res.status}`);
  return res.json().catch(() => {
    throw apiError('answered something other than JSON');
  });
}

/**
 * Signs a key request for `key` as the app's fid with its key (EIP-712, SignedKeyRequestValidator) and creates
 * it at Farcaster's API (`POST /v2/signed-key-requests`), which answers the approval deep link.
 */
export async function createSignedKeyRequest(
  apiUrl: string,
  app: { fid: number; privateKey: Hex },
  key: Hex,
  deadline: number,
): Promise<CreatedKeyRequest> {
  const signature = await privateKeyToAccount(app.privateKey).signTypedData({
    domain: SIGNED_KEY_REQUEST_DOMAIN,
    types: SIGNED_KEY_REQUEST_TYPE,
    primaryType: 'SignedKeyRequest',
    message: { requestFid: BigInt(app.fid), key, deadline: BigInt(deadline) },
  });
  const body = JSON.stringify({ key, requestFid: app.fid, signature, deadline });
  const answer = (await call(`${apiUrl}/v2/signed-key-requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })) as { result?: { signedKeyRequest?: Partial<CreatedKeyRequest> } };
  const request = answer.result?.signedKeyRequest;
  if (typeof request?.token !== 'string' || typeof request.deeplinkUrl !== 'string') {
    throw apiError('answered without a request token');
  }
  return { token: request.token, deeplinkUrl: request.deeplinkUrl };
}

/** The state of the signed key request `token` (`GET /v2/signed-key-request?token=…`). */
export async function keyRequestState(apiUrl: string, token: string): Promise<KeyRequestState> {
  const answer = (await call(`${apiUrl}/v2/signed-key-request?token=${encodeURIComponent(token)}`)) as {
    result?: { signedKeyRequest?: Partial<KeyRequestState> };
  };
  const request = answer.result?.signedKeyRequest;
  if (typeof request?.state !== 'string') throw apiError('answered without a request state');
  return { state: request.state, userFid: typeof request.userFid === 'number' ? request.userFid : undefined };
}
