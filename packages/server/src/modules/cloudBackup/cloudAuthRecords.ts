import type { CloudAuthPurpose, CloudRecoveryMethod } from '@latch/protocol/cloudBackup';
import { OneTimeSecrets } from '../../kernel/kv/OneTimeSecrets.js';
import type { ShortLivedStore } from '../../kernel/kv/ShortLivedStore.js';

/** Who started a recovery OAuth round trip: the user, session and device of the custody call. */
export interface CloudAuthOwner {
  appId: string;
  userId: string;
  sessionId: string;
  deviceId: string;
}

/** The state record `init` stores until `authenticate` spends it. */
export interface CloudStateRecord extends CloudAuthOwner {
  provider: CloudRecoveryMethod;
  purpose: CloudAuthPurpose;
  redirectTo: string;
  /** Google: the frame's S256 challenge and the ID token's nonce. */
  codeChallenge: string | null;
  nonce: string | null;
  expiresAt: number;
}

/** A ticket: the proof that this device just signed in to this cloud account (single use). */
export interface CloudTicketRecord extends CloudAuthOwner {
  provider: CloudRecoveryMethod;
  purpose: CloudAuthPurpose;
  accountHash: string;
  expiresAt: number;
}

/**
 * A provider token the callback holds for `authenticate` (CloudKit's web auth token), sealed under the master key,
 * behind a one-time code the popup's return carries instead of the token (stored, like a ticket, as its SHA-256).
 */
export interface HeldProviderToken {
  state: string;
  sealedToken: string;
  expiresAt: number;
}

const STATE = /^[A-Za-z0-9._~-]{32,128}$/;
const stateKey = (state: string) => `cloud:state:${state}`;
const claimKey = (state: string) => `cloud:state-claim:${state}`;

function live<T extends { expiresAt: number }>(text: string | null, now: number): T | null {
  if (!text) return null;
  const record = JSON.parse(text) as T;
  return record.expiresAt > now ? record : null;
}

/**
 * Recovery OAuth state records, cloud tickets and held provider tokens in the short-lived store. A state code is
 * claimed once; tickets and held tokens are one-time secrets (OneTimeSecrets: kept as their SHA-256, taken once).
 */
export class CloudAuthRecords {
  private readonly tickets: OneTimeSecrets<CloudTicketRecord>;
  private readonly heldTokens: OneTimeSecrets<HeldProviderToken>;

  constructor(
    private readonly kv: ShortLivedStore,
    private readonly now: () => number,
    private readonly ttlMs: number,
  ) {
    this.tickets = new OneTimeSecrets(kv, 'cloud:ticket', now);
    this.heldTokens = new OneTimeSecrets(kv, 'cloud:held-token', now);
  }

  /** Stores a state record; false when the state code was already used. */
  async createState(state: string, record: Omit<CloudStateRecord, 'expiresAt'>): Promise<boolean> {
    if (!STATE.test(state)) return false;
    const claim = await this.kv.increment(claimKey(state), 1, this.ttlMs);
    if (claim.count !== 1) return false;
    await this.kv.set(stateKey(state), JSON.stringify({ ...record, expiresAt: this.now() + this.ttlMs }), this.ttlMs);
    return true;
  }

  /** The live state record without spending it (the callback), or null. */
  async peekState(state: string): Promise<CloudStateRecord | null> {
    if (!STATE.test(state)) return null;
    return live<CloudStateRecord>(await this.kv.get(stateKey(state)), this.now());
  }

  /** Spends the state record (exactly one caller gets it), or null. */
  async takeState(state: string): Promise<CloudStateRecord | null> {
    if (!STATE.test(state)) return null;
    return live<CloudStateRecord>(await this.kv.take(stateKey(state)), this.now());
  }

  /** Holds a provider token until `expiresAt`; answers the one-time code that redeems it. */
  holdToken(held: Omit<HeldProviderToken, 'expiresAt'>, expiresAt: number): Promise<string> {
    return this.heldTokens.mint(held, expiresAt - this.now());
  }

  /** Spends the token held behind `code`, or null when unknown, used or expired. */
  takeHeldToken(code: string): Promise<HeldProviderToken | null> {
    return this.heldTokens.take(code);
  }

  /** Mints a ticket for `record`; answers the ticket text (base64url of 32 random bytes). */
  mintTicket(record: Omit<CloudTicketRecord, 'expiresAt'>): Promise<string> {
    return this.tickets.mint(record, this.ttlMs);
  }

  /** Spends a ticket, or null when unknown, used or expired. */
  takeTicket(ticket: string): Promise<CloudTicketRecord | null> {
    return this.tickets.take(ticket);
  }
}
