import { LatchError } from '@latch/protocol';
import { type Address, createPublicClient, getAddress, type Hex, http, isAddress, verifyMessage } from 'viem';
import { parseSiweMessage, type SiweMessage, validateSiweMessage } from 'viem/siwe';

/** What a verified sign-in message proves: this wallet, on this chain, signed this app's nonce. */
export interface VerifiedSiwe {
  /** EIP-55 checksummed. */
  address: Address;
  chainId: number;
  nonce: string;
}

/** What verification needs besides the message. */
export interface SiweCheck {
  message: string;
  signature: Hex;
  /** The chain the request says the wallet is on; the signed message must name the same. */
  chainId: number;
  /** The app's allowed origins: the message's URI must be one, and its domain that origin's host. */
  allowedOrigins: readonly string[];
  now: Date;
  /** JSON-RPC URLs by chain id, for smart-contract (EIP-1271) signatures. */
  rpcUrls: ReadonlyMap<number, string>;
  /** Runs after the field checks and before the signature check (which may call the chain's node). */
  beforeSignature?: (verified: VerifiedSiwe) => Promise<void>;
}

const RPC_TIMEOUT_MS = 10_000;
const NONCE_PATTERN = /^[0-9a-f]{32}$/;

const refuse = (message: string) => new LatchError('invalid_credentials', message);

/** Parses an EIP-4361 message; `invalid_data` unless every required field is there and well formed. */
export function parseSignInMessage(text: string): SiweMessage & { nonce: string } {
  let parsed: ReturnType<typeof parseSiweMessage>;
  try {
    parsed = parseSiweMessage(text);
  } catch {
    parsed = {};
  }
  const { address, chainId, domain, uri, nonce, version } = parsed;
  if (!address || !isAddress(address, { strict: false }) || !chainId || !domain || !uri || version !== '1') {
    throw new LatchError('invalid_data', 'The message is not an EIP-4361 sign-in message.');
  }
  if (!nonce || !NONCE_PATTERN.test(nonce)) throw refuse('The sign-in nonce is unknown, expired or already used.');
  return { ...parsed, address, chainId, domain, uri, nonce, version } as SiweMessage & { nonce: string };
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
 * Checks a signed sign-in message (without its nonce, which the caller spends): well formed, for the
 * request's chain (`unsupported_chain_id`), bound to an allowed origin (`invalid_origin`), inside its
 * validity window and signed by its address (`invalid_credentials`).
 */
export async function verifySignInMessage(check: SiweCheck): Promise<VerifiedSiwe> {
  const message = parseSignInMessage(check.message);
  if (message.chainId !== check.chainId) {
    throw new LatchError(
      'unsupported_chain_id',
      `The message was signed for chain ${message.chainId}, not chain ${check.chainId}.`,
    );
  }
  if (!boundToAllowedOrigin(message, check.allowedOrigins)) {
    throw new LatchError('invalid_origin', "The message's domain and URI are not an allowed origin of this app.");
  }
  if (!validateSiweMessage({ message, time: check.now })) {
    throw refuse('The sign-in message has expired or is not valid yet.');
  }
  const verified: VerifiedSiwe = {
    address: getAddress(message.address),
    chainId: message.chainId,
    nonce: message.nonce,
  };
  await check.beforeSignature?.(verified);
  if (!(await signatureMatches(check, verified.address))) {
    throw refuse('The signature does not match the wallet address.');
  }
  return verified;
}
