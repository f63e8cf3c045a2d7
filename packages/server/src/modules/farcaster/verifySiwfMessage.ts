import { LatchError } from '@latch/protocol';
import { FARCASTER_CHAIN_ID, FARCASTER_STATEMENT, farcasterFidResource } from '@latch/protocol/farcaster';
import { type Address, getAddress, type Hex } from 'viem';
import { validateSiweMessage } from 'viem/siwe';
import { SIWE_CLOCK_SKEW_MS } from '../siwe/siweClockSkew.js';
import { parseSignInMessage } from '../siwe/verifySiweMessage.js';
import type { Channel } from './FarcasterChannels.js';
import type { IdRegistryReader } from './IdRegistryReader.js';

/** What a verified Sign In With Farcaster message proves: the fid's custody address signed this channel's nonce. */
export interface VerifiedSiwf {
  fid: number;
  /** EIP-55. */
  custody: Address;
}

/** What verification needs. */
export interface SiwfCheck {
  message: string;
  signature: Hex;
  /** The fid the sender claims; the message's `farcaster://fid/<fid>` resource must name the same. */
  fid: number;
  /** The channel the message answers: its nonce, domain and URI. */
  channel: Channel;
  now: Date;
  registry: IdRegistryReader;
}

const refuse = (message: string) => new LatchError('invalid_credentials', message);

/**
 * Checks a signed SIWF message (FIP-11) against its channel and the ID registry, as `@farcaster/auth-client`'s
 * verifySignInMessage does, with the registry read through the configured node: an EIP-4361 message (strict
 * grammar: `invalid_data`), the 'Farcaster Auth' statement on chain 10 naming exactly the claimed fid, the
 * channel's domain and URI (`invalid_origin`), the channel's nonce, issued during the channel's life and inside
 * its validity window, by the fid's custody address (`invalid_credentials`).
 */
export async function verifySiwfMessage(check: SiwfCheck): Promise<VerifiedSiwf> {
  const message = parseSignInMessage(check.message);
  const { channel } = check;
  if (message.statement !== FARCASTER_STATEMENT || message.chainId !== FARCASTER_CHAIN_ID) {
    throw new LatchError('invalid_data', 'The message is not a Sign In With Farcaster message.');
  }
  const fids = (message.resources ?? []).filter((resource) => resource.startsWith('farcaster://fid/'));
  if (fids.length !== 1 || fids[0] !== farcasterFidResource(check.fid)) {
    throw refuse('The message does not name this fid.');
  }
  if (message.domain !== channel.domain || message.uri !== channel.siweUri) {
    throw new LatchError('invalid_origin', "The message's domain and URI are not this sign-in's.");
  }
  if (message.nonce !== channel.nonce) throw refuse('The sign-in nonce is not this sign-in request’s.');
  const issuedAt = message.issuedAt.getTime();
  const now = check.now.getTime();
  const fresh = issuedAt >= channel.createdAt - SIWE_CLOCK_SKEW_MS && issuedAt <= now + SIWE_CLOCK_SKEW_MS;
  if (!fresh || !validateSiweMessage({ message, time: check.now })) {
    throw refuse('The sign-in message has expired or is not valid yet.');
  }
  const custody = await check.registry.custodyOf(check.fid);
  if (!custody) throw refuse('This fid is not registered.');
  if (getAddress(message.address) !== custody) {
    throw refuse("The message is not signed by the fid's custody address.");
  }
  if (!(await check.registry.verifySignature(custody, check.message, check.signature))) {
    throw refuse("The signature does not match the fid's custody address.");
  }
  return { fid: check.fid, custody };
}
