import { LatchError } from '@latch/protocol';
import { DEVICE_NONCE_HEADER, DEVICE_PROOF_HEADER } from '@latch/protocol/schemas';
import type * as v from 'valibot';
import type { AuthenticatedUser } from '../../identity/http/requireCaller.js';
import { bearerToken } from '../../identity/http/resolveApp.js';
import type { UserRef } from '../../identity/users/userRef.js';
import type { ServerContext } from '../../kernel/context.js';
import type { LatchContext, RouteDef } from '../../kernel/http/env.js';
import { parseBodyBytes, readBodyBytes } from '../../kernel/http/parseBody.js';
import { mintDeviceNonce, takeDeviceNonce } from './deviceGrants.js';
import { type DevicePublicJwk, verifyDeviceProof } from './deviceProof.js';

/** A device-proven custody call's device (caller `frame`); the body bytes are the ones the proof hashes. */
export interface CallingDevice {
  /** The device key's RFC 7638 thumbprint. */
  deviceId: string;
  jwk: DevicePublicJwk;
  /** The proof's nonce (wallet-key signatures cover it). */
  nonce: string;
  body: Uint8Array;
}

/** An authenticated custody call: the token's owner and the device whose proof checked out. */
export interface CustodyCall<TBody> {
  /** The request (its client IP and user agent go into security events). */
  c: LatchContext;
  ctx: ServerContext;
  owner: UserRef;
  user: AuthenticatedUser;
  sessionId: string;
  /** The calling device (its key's RFC 7638 thumbprint). */
  deviceId: string;
  jwk: DevicePublicJwk;
  /** The proof's nonce (wallet-key signatures cover it). */
  nonce: string;
  body: TBody;
}

/** Options of a custody route. */
export interface CustodyRouteOptions {
  /** The device registration route: the proof's key need not be registered yet (it is the one to register). */
  unregisteredDevice?: boolean;
}

/**
 * Checks a custody call's device (after `authenticateUser`): the device proof of header
 * `latch-device-proof` (jose; docs/custody.md), its nonce taken from the short-lived store (single use,
 * minted for this app and user), and the device key registered and not revoked for the user (403
 * `device_not_registered`). Origin and Sec-Fetch-* play no part. Once the proof is accepted the answer,
 * success or error, carries a fresh nonce in `latch-device-nonce` for the device's next call.
 */
export async function authenticateDevice(c: LatchContext, options: CustodyRouteOptions = {}): Promise<CallingDevice> {
  const ctx = c.get('ctx');
  const user = c.get('user');
  const method = c.req.method === 'GET' ? 'GET' : 'POST';
  const bytes = method === 'POST' ? await readBodyBytes(c) : new Uint8Array(0);
  const proof = await verifyDeviceProof(c.req.header(DEVICE_PROOF_HEADER), {
    method,
    path: c.req.routePath,
    accessToken: bearerToken(c) ?? '',
    body: bytes,
    nowSeconds: Math.floor(ctx.clock.now().getTime() / 1000),
  });
  const owner: UserRef = { appId: user.app.id, userId: user.claims.userId };
  // Last, so a proof that fails any other check does not burn the device's nonce.
  if (!(await takeDeviceNonce(ctx, owner.appId, owner.userId, proof.nonce))) {
    throw new LatchError('invalid_device_proof', 'Invalid device proof: unknown, used or expired nonce.');
  }
  c.header(DEVICE_NONCE_HEADER, await mintDeviceNonce(ctx, owner.appId, owner.userId));
  if (!options.unregisteredDevice && !(await ctx.deviceKeys.isActive(owner, proof.deviceId))) {
    throw new LatchError('device_not_registered');
  }
  return { deviceId: proof.deviceId, jwk: proof.jwk, nonce: proof.nonce, body: bytes };
}

/** The custody call of a request that passed `requireCaller('frame')`, its body parsed with `schema`. */
function custodyCall<TSchema extends v.GenericSchema>(
  c: LatchContext,
  schema: TSchema | undefined,
): CustodyCall<v.InferOutput<TSchema>> {
  const ctx = c.get('ctx');
  const user = c.get('user');
  const device = c.get('device');
  return {
    c,
    ctx,
    owner: { appId: user.app.id, userId: user.claims.userId },
    user,
    sessionId: user.claims.sessionId,
    deviceId: device.deviceId,
    jwk: device.jwk,
    nonce: device.nonce,
    body: schema ? parseBodyBytes(device.body, schema) : (undefined as v.InferOutput<TSchema>),
  };
}

/** A custody endpoint (caller `frame`): `handler` runs only for an authenticated custody call and its result is the JSON answer. */
export function custodyRoute<TSchema extends v.GenericSchema>(
  method: 'get' | 'post',
  path: string,
  schema: TSchema | undefined,
  handler: (call: CustodyCall<v.InferOutput<TSchema>>) => Promise<object>,
  options: CustodyRouteOptions = {},
): RouteDef {
  return {
    method,
    path,
    caller: options.unregisteredDevice ? 'new-device' : 'frame',
    handler: async (c) => c.json(await handler(custodyCall(c, schema))),
  };
}
