import { bytesToHex, hexToBytes } from 'viem';
import { CustodyError } from './custodyError.js';

/** Where a share lives (DESIGN §4). */
export type ShareKind = 'device' | 'auth' | 'recovery';

/** What the shares rebuild: BIP-39 entropy (a created wallet) or an imported private key itself. */
export type SecretKind = 'entropy' | 'private-key';

/** A Shamir share tagged with the wallet and share set it belongs to. */
export interface TaggedShare {
  kind: ShareKind;
  walletId: string;
  shareSetId: string;
  /** Shares needed to rebuild the entropy. */
  threshold: number;
  /** Shares in the set. */
  total: number;
  /** The raw share from shamir-secret-sharing (its last byte is the x coordinate). */
  share: Uint8Array;
  /** What the shares rebuild; absent means entropy (every wallet created before import existed). */
  secret?: 'private-key';
}

// The version byte also says what the shares rebuild: 1 entropy, 2 an imported private key.
const VERSION = { entropy: 1, 'private-key': 2 } as const;
const KIND_CODES: Record<ShareKind, number> = { device: 1, auth: 2, recovery: 3 };
const HEADER_BYTES = 2 + 16 + 16 + 2;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function uuidToBytes(uuid: string): Uint8Array {
  if (!UUID.test(uuid)) throw new CustodyError('malformed_share', 'Share ids must be lowercase UUIDs');
  return hexToBytes(`0x${uuid.replaceAll('-', '')}`);
}

function bytesToUuid(bytes: Uint8Array): string {
  const hex = bytesToHex(bytes).slice(2);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Serialises a tagged share: version (= secret kind), kind, wallet id, set id, threshold, total, share. */
export function encodeShare(tagged: TaggedShare): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(HEADER_BYTES + tagged.share.length);
  out[0] = VERSION[tagged.secret ?? 'entropy'];
  out[1] = KIND_CODES[tagged.kind];
  out.set(uuidToBytes(tagged.walletId), 2);
  out.set(uuidToBytes(tagged.shareSetId), 18);
  out[34] = tagged.threshold;
  out[35] = tagged.total;
  out.set(tagged.share, HEADER_BYTES);
  return out;
}

/** Parses a serialised share; throws `malformed_share` for anything else. */
export function decodeShare(bytes: Uint8Array): TaggedShare {
  const version = bytes[0];
  if (bytes.length <= HEADER_BYTES + 1 || (version !== VERSION.entropy && version !== VERSION['private-key'])) {
    throw new CustodyError('malformed_share', 'Not a Latch share');
  }
  const kind = (Object.keys(KIND_CODES) as ShareKind[]).find((k) => KIND_CODES[k] === bytes[1]);
  const threshold = bytes[34] ?? 0;
  const total = bytes[35] ?? 0;
  if (!kind || threshold < 2 || total < threshold) throw new CustodyError('malformed_share', 'Not a Latch share');
  return {
    kind,
    walletId: bytesToUuid(bytes.subarray(2, 18)),
    shareSetId: bytesToUuid(bytes.subarray(18, 34)),
    threshold,
    total,
    share: bytes.slice(HEADER_BYTES),
    ...(version === VERSION['private-key'] ? { secret: 'private-key' as const } : {}),
  };
}
