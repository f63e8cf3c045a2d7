// Test-only: an in-memory custody server and a token table standing in for the real ones in unit tests
// (the integration tests drive the real server and real tokens). Each call is logged to see what the
// frame asked the server for. Never bundled.
import { LatchError, type MfaAction, type MfaState } from '@latch/protocol';
import { IDBFactory } from 'fake-indexeddb';
import { openDeviceShareStore } from '../storage/deviceShareStore.js';
import type { CustodyApi, ServerWallet } from '../wallet/custodyApi.js';
import { FrameWallet } from '../wallet/frameWallet.js';
import type { TokenOwner } from '../wallet/tokenVerifier.js';

/** The fake server: its API, the call log, the live tokens, a gate that holds getWallet, the MFA state it answers. */
function memoryServer() {
  const calls: string[] = [];
  let wallet: ServerWallet | null = null;
  const authShares = new Map<string, Uint8Array>();
  const live = new Set<string>();
  const gate: { hold?: Promise<void> } = {};
  const mfa: { state: MfaState; verified: { token: string; action: MfaAction }[]; refuse?: LatchError } = {
    state: { mfaMethods: [], requiredActions: [] },
    verified: [],
  };
  const ok = (name: string, token: string) => {
    calls.push(name);
    if (!live.has(token)) throw new LatchError('missing_or_invalid_token');
  };
  const answer = (name: string, token: string) => {
    ok(name, token);
    if (mfa.refuse) throw mfa.refuse;
    return { ...mfa.state };
  };
  const api: CustodyApi = {
    async registerDevice(token) {
      ok('registerDevice', token);
      return { deviceId: 'thumbprint' };
    },
    async getWallet(token) {
      ok('getWallet', token);
      await gate.hold;
      return { wallet, mfa: { ...mfa.state } };
    },
    async createWallet(token, input) {
      ok(input.imported ? 'importWallet' : 'createWallet', token);
      wallet = {
        walletId: input.walletId,
        address: input.address as `0x${string}`,
        recoveryMethod: 'latch',
        primaryShareSetId: input.shareSetId,
      };
      authShares.set(input.shareSetId, input.authShare);
    },
    async getAuthShare(token, id) {
      ok('getAuthShare', token);
      return authShares.get(id) as Uint8Array;
    },
    addDeviceShareSet: async () => {},
    revokeShareSet: async () => {},
    getRecovery: async () => Promise.reject(new Error('unused')),
    cloudAuthInit: async () => Promise.reject(new Error('unused')),
    cloudAuthenticate: async () => Promise.reject(new Error('unused')),
    evaluateOprf: async () => Promise.reject(new Error('unused')),
    confirmPassword: async () => {},
    replaceRecovery: async () => {},
    exportInit: async () => ({ channel: 'email', destination: 'a•••@example.com' }),
    exportAuthenticate: async () => Promise.reject(new Error('unused')),
    async mfaVerify(token, verification) {
      const state = answer('mfaVerify', token);
      mfa.verified.push({ token, action: verification.action });
      return state;
    },
    async totpInitEnrollment(token) {
      answer('totpInitEnrollment', token);
      return { authUrl: 'otpauth://totp/Latch:a?secret=JBSWY3DPEHPK3PXP', secret: 'JBSWY3DPEHPK3PXP' };
    },
    totpEnroll: async (token) => answer('totpEnroll', token),
    smsEnroll: async (token) => answer('smsEnroll', token),
    passkeysEnroll: async (token) => answer('passkeysEnroll', token),
    mfaUnenroll: async (token) => answer('mfaUnenroll', token),
    forget: () => calls.push('forget'),
  };
  return { api, calls, live, gate, mfa };
}

/** The tokens the fake verifier knows: two sessions of Alice, one of Bob. */
const TOKENS: Record<string, TokenOwner> = {
  alice1: { sub: 'did:latch:alice', sid: 's1', exp: 2e9 },
  alice2: { sub: 'did:latch:alice', sid: 's2', exp: 2e9 },
  bob: { sub: 'did:latch:bob', sid: 's3', exp: 2e9 },
};

/** The frame's token check over TOKENS. */
const verifyToken = async (token: string) => {
  const owner = TOKENS[token];
  if (!owner) throw new LatchError('missing_or_invalid_token');
  return owner;
};

/** A frame wallet over a fresh fake server where nobody has a wallet yet. */
export async function emptyMemoryFrame() {
  const server = memoryServer();
  for (const t of Object.keys(TOKENS)) server.live.add(t);
  const wallet = new FrameWallet({ api: server.api, store: await openDeviceShareStore(new IDBFactory()), verifyToken });
  return { server, wallet };
}

/** A frame wallet over a fresh fake server, with Alice's wallet created through `alice1`; the log emptied. */
export async function memoryFrame() {
  const { server, wallet } = await emptyMemoryFrame();
  const { address } = await wallet.create({ accessToken: 'alice1' });
  server.calls.length = 0;
  return { server, wallet, address };
}
