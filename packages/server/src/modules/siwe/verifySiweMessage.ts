import { LatchError, SIWE_NONCE_TTL_MS } from '@latch/protocol';
import { type Address, createPublicClient, getAddress, type Hex, http, isAddress, verifyMessage } from 'viem';
import { createSiweMessage, parseSiweMessage, type SiweMessage, validateSiweMessage } from 'viem/siwe';
import { SIWE_CLOCK_SKEW_MS } from './siweClockSkew.js';

/** What a verified sign-in message proves: this wallet, on this chain, signed this app's nonce. */
export interface VerifiedSiwe {
  /** EIP-55 checksummed. */
  address: Address;
  chainId: number;
  nonce: string;
  /** The message's `Issued At`. */
  issuedAt: Date;
}

/** The chains a sign-in message may name: a list, or any chain (dev mode without a list). */
export type AllowedChains = ReadonlySet<number> | 'any';

/** What verification needs besides the message. */
export interface SiweCheck {
  message: string;
  signature: Hex;
  /** The chain the request says the wallet is on; the signed message must name the same. */
  chainId: number;
  /** The app's allowed origins: the message's URI must be one, and its domain that origin's host. */
  allowedOrigins: readonly string[];
  /** The chains this server accepts sign-in messages for (`unsupported_chain_id` otherwise). */
  allowedChains: AllowedChains;
  now: Date;
  /** JSON-RPC URLs by chain id, for smart-contract (EIP-1271) signatures. */
  rpcUrls: ReadonlyMap<number, string>;
  /** Runs after the field checks and before the signature check (which may call the chain's node). */
  beforeSignature?: (verified: VerifiedSiwe) => Promise<void>;
}

const RPC_TIMEOUT_MS = 10_000;
const NONCE_PATTERN = /^[0-9a-f]{32}$/;

const refuse = (message: string) => new LatchError('invalid_credentials', message);

/** A sign-in message after strict parsing: every required field present. */
export type ParsedSignIn = SiweMessage & { nonce: string; issuedAt: Date };

const notSignIn = () => new LatchError('invalid_data', 'The message is not an EIP-4361 sign-in message.');

/** RFC 3339 date-time as EIP-4361 writes it (viem's parser accepts the same). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const DATE_LINES = [
  ['Issued At', 'issuedAt'],
  ['Expiration Time', 'expirationTime'],
  ['Not Before', 'notBefore'],
] as const;

/**
 * The one text of `message` by the EIP-4361 grammar (viem's writer). viem writes dates as
 * `toISOString()`; any other RFC 3339 spelling of the same instant in `text` is kept as written.
 */
function canonicalText(message: ParsedSignIn, text: string): string {
  const asWritten = (label: string, date: Date): string | undefined => {
    const written = text.match(new RegExp(`\n${label}: ([^\n]*)`))?.[1];
    return written !== undefined && DATE_TIME.test(written) && new Date(written).getTime() === date.getTime()
      ? written
      : undefined;
  };
  return createSiweMessage(message)
    .split('\n')
    .map((line) => {
      for (const [label, field] of DATE_LINES) {
        const date = message[field];
        if (!date || line !== `${label}: ${date.toISOString()}`) continue;
        const written = asWritten(label, date);
        if (written !== undefined) return `${label}: ${written}`;
      }
      return line;
    })
    .join('\n');
}

/**
 * Parses an EIP-4361 message strictly: viem's parser reads the fields, and the message must be exactly
 * what the grammar writes from them — so a duplicate line, a line break inside the statement, a
 * missing `Issued At`, an unchecksummed address or anything after the last field is `invalid_data`.
 */
export function parseSignInMessage(text: string): ParsedSignIn {
  let parsed: ReturnType<typeof parseSiweMessage>;
  try {
    parsed = parseSiweMessage(text);
  } catch {
    throw notSignIn();
  }
  const { address, chainId, domain, uri, nonce, version, issuedAt } = parsed;
  if (!address || !isAddress(address, { strict: false }) || !chainId || !domain || !uri || version !== '1') {
    throw notSignIn();
  }
  if (!issuedAt || Number.isNaN(issuedAt.getTime())) throw notSignIn();
  for (const [, field] of DATE_LINES) if (Number.isNaN(parsed[field]?.getTime() ?? 0)) throw notSignIn();
  if (!nonce || !NONCE_PATTERN.test(nonce)) throw refuse('The sign-in nonce is unknown, expired or already used.');
  const message = { ...parsed, address, chainId, domain, uri, nonce, version, issuedAt } as ParsedSignIn;
  let canonical: string;
  try {
    canonical = canonicalText(message, text);
  } catch {
    throw notSignIn();
  }
  if (canonical !== text) throw notSignIn();
  return message;
}

/** True when the message's URI is one of the allowed origins and its domain (and scheme, if given) match it. */
function boundToAllowedOrigin(message: SiweMessage, allowedOrigins: readonly string[]): boolean {
  let uri: URL;
  try {
    uri = new URL(message.uri);
  } catch {
    return false;
  }
  if (!allowedOrigins.includes(uri.origin)) return false;
  if (message.scheme !== undefined && `${message.scheme}:` !== uri.protocol) return false;
  return message.domain === uri.host;
}

async function signatureMatches(check: SiweCheck, address: Address): Promise<boolean> {
  const { message, signature } = check;
  try {
    const rpcUrl = check.rpcUrls.get(check.chainId);
    if (!rpcUrl) return await verifyMessage({ address, message, signature });
    // The chain's node checks contract wallets (EIP-1271, and EIP-6492 before deployment) and EOAs alike.
    const client = createPublicClient({ transport: http(rpcUrl, { timeout: RPC_TIMEOUT_MS, retryCount: 1 }) });
    return await client.verifyMessage({ address, message, signature });
  } catch {
    return false;
  }
}

/**
 * Checks a signed sign-in message (without its nonce, which the caller spends): strictly well formed,
 * for the request's chain and an allowed one (`unsupported_chain_id`), bound to an allowed origin
 * (`invalid_origin`), issued within a nonce's lifetime, inside its validity window and signed by its
 * address (`invalid_credentials`).
 */
export async function verifySignInMessage(check: SiweCheck): Promise<VerifiedSiwe> {
  const message = parseSignInMessage(check.message);
  if (message.chainId !== check.chainId) {
    throw new LatchError(
      'unsupported_chain_id',
      `The message was signed for chain ${message.chainId}, not chain ${check.chainId}.`,
    );
  }
  if (check.allowedChains !== 'any' && !check.allowedChains.has(message.chainId)) {
    throw new LatchError('unsupported_chain_id', `Sign-in on chain ${message.chainId} is not enabled on this server.`);
  }
  if (!boundToAllowedOrigin(message, check.allowedOrigins)) {
    throw new LatchError('invalid_origin', "The message's domain and URI are not an allowed origin of this app.");
  }
  // No message outlives its nonce: issued at most a nonce's lifetime ago and not in the future (± skew).
  const issuedAt = message.issuedAt.getTime();
  const now = check.now.getTime();
  const fresh = issuedAt >= now - SIWE_NONCE_TTL_MS - SIWE_CLOCK_SKEW_MS && issuedAt <= now + SIWE_CLOCK_SKEW_MS;
  if (!fresh || !validateSiweMessage({ message, time: check.now })) {
    throw refuse('The sign-in message has expired or is not valid yet.');
  }
  const verified: VerifiedSiwe = {
    address: getAddress(message.address),
    chainId: message.chainId,
    nonce: message.nonce,
    issuedAt: message.issuedAt,
  };
  await check.beforeSignature?.(verified);
  if (!(await signatureMatches(check, verified.address))) {
    throw refuse('The signature does not match the wallet address.');
  }
  return verified;
}
