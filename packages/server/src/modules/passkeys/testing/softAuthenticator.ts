import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  WirePasskeyAssertion,
  WirePasskeyCreationOptions,
  WirePasskeyRegistration,
  WirePasskeyRequestOptions,
} from '@latch/protocol';
import { type CBORType, encodeCBOR } from '@levischuck/tiny-cbor';

/** The host page origin the passkey test apps allow, and the RP ID their servers use. */
export const PASSKEY_ORIGIN = 'https://app.example';
export const PASSKEY_RP_ID = 'app.example';

/**
 * A software WebAuthn authenticator for tests (server, frame and core integration tests): real P-256
 * (ES256) or RSA-2048 (RS256) keys from node:crypto, a CBOR attestation object with fmt 'none'
 * (tiny-cbor), real signatures, a per-credential signature counter and the UP/UV/BE/BS flags. It
 * answers the server's wire options with the wire JSON a browser would send (snake_case).
 *
 *   const authenticator = new SoftAuthenticator();
 *   const registration = authenticator.create(options, 'https://app.example');
 *   const assertion = authenticator.get(requestOptions, 'https://app.example');
 *
 * The `tamper` arguments let an attack test change one thing the honest authenticator would not.
 */
export class SoftAuthenticator {
  /** The credentials made so far (a password manager may hold several, for several RPs). */
  readonly credentials: SoftCredential[] = [];

  constructor(private readonly options: SoftAuthenticatorOptions = {}) {}

  /** navigator.credentials.create(): a new credential for the options' RP, from `origin`. */
  create(options: WirePasskeyCreationOptions, origin: string, tamper: CreateTamper = {}): WirePasskeyRegistration {
    const algorithm = this.options.algorithm ?? 'ES256';
    const keys =
      algorithm === 'ES256'
        ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
        : generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rpId = tamper.rpId ?? options.rp.id ?? new URL(origin).hostname;
    const credential: SoftCredential = {
      id: randomBytes(16).toString('base64url'),
      rpId,
      userHandle: options.user.id,
      privateKey: keys.privateKey,
      algorithm,
      counter: this.options.counts === false ? 0 : 1,
    };
    const id = tamper.credentialId ?? credential.id;
    credential.id = id;
    const clientData = clientDataJson('webauthn.create', tamper.challenge ?? options.challenge, origin);
    const attested = Buffer.concat([
      aaguidBytes(this.options.aaguid ?? ZERO_AAGUID),
      u16(Buffer.from(id, 'base64url').length),
      Buffer.from(id, 'base64url'),
      coseKey(keys.publicKey, algorithm),
    ]);
    const authData = Buffer.concat([
      this.authDataHead(rpId, credential.counter, tamper.userVerified ?? this.options.userVerified ?? true, true),
      attested,
    ]);
    const attestation = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, CBORType>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    this.credentials.push(credential);
    return {
      id,
      raw_id: id,
      response: {
        client_data_json: clientData.toString('base64url'),
        attestation_object: Buffer.from(attestation).toString('base64url'),
        transports: ['internal', 'hybrid'],
      },
      authenticator_attachment: 'platform',
      client_extension_results: { cred_props: { rk: true } },
      type: 'public-key',
    };
  }

  /**
   * navigator.credentials.get(): an assertion by the first credential for the options' RP that the
   * allow list names (any, when it names none), or by `tamper.credential`; counts one use.
   */
  get(options: WirePasskeyRequestOptions, origin: string, tamper: GetTamper = {}): WirePasskeyAssertion {
    const rpId = options.rp_id ?? new URL(origin).hostname;
    const allowed = options.allow_credentials?.map((d) => d.id);
    const credential =
      tamper.credential ??
      this.credentials.find((c) => c.rpId === rpId && (!allowed?.length || allowed.includes(c.id)));
    if (!credential) throw new Error('SoftAuthenticator: no credential for this RP');
    if (this.options.counts !== false) credential.counter += 1;
    const counter = tamper.counter ?? credential.counter;
    const clientData = clientDataJson('webauthn.get', tamper.challenge ?? options.challenge, origin);
    const authData = this.authDataHead(
      tamper.rpId ?? credential.rpId,
      counter,
      tamper.userVerified ?? this.options.userVerified ?? true,
      false,
    );
    const signed = Buffer.concat([authData, createHash('sha256').update(clientData).digest()]);
    const signature = sign('sha256', signed, credential.privateKey);
    return {
      id: credential.id,
      raw_id: credential.id,
      response: {
        client_data_json: clientData.toString('base64url'),
        authenticator_data: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        user_handle: credential.userHandle,
      },
      authenticator_attachment: 'platform',
      client_extension_results: {},
      type: 'public-key',
    };
  }

  /** rpIdHash | flags | signCount (and AT when attested data follows). */
  private authDataHead(rpId: string, counter: number, userVerified: boolean, attested: boolean): Buffer {
    const backupEligible = this.options.backupEligible ?? true;
    let flags = FLAG.UP;
    if (userVerified) flags |= FLAG.UV;
    if (backupEligible) flags |= FLAG.BE | FLAG.BS;
    if (attested) flags |= FLAG.AT;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([createHash('sha256').update(rpId).digest(), Buffer.from([flags]), count]);
  }
}

/** How the authenticator behaves. */
interface SoftAuthenticatorOptions {
  /** Key type of new credentials (default ES256). */
  algorithm?: 'ES256' | 'RS256';
  /** The AAGUID it reports (default all zeros, as many do with attestation 'none'). */
  aaguid?: string;
  /** Sets the UV flag (default true). */
  userVerified?: boolean;
  /** Sets BE and BS, a synced passkey (default true). */
  backupEligible?: boolean;
  /** Keeps a signature counter (default true); false: always 0, as synced passkeys do. */
  counts?: boolean;
}

/** A credential the authenticator holds. */
interface SoftCredential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  algorithm: 'ES256' | 'RS256';
  counter: number;
}

/** What an attack test may change in a create(). */
export interface CreateTamper {
  rpId?: string;
  challenge?: string;
  userVerified?: boolean;
  /** Reuse a credential id (e.g. one another user holds). */
  credentialId?: string;
}

/** What an attack test may change in a get(). */
export interface GetTamper {
  rpId?: string;
  challenge?: string;
  userVerified?: boolean;
  /** Sign with this credential (e.g. one of another authenticator, or another user's). */
  credential?: SoftCredential;
  /** Report this counter instead of the next one. */
  counter?: number;
}

const FLAG = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;
const ZERO_AAGUID = '00000000-0000-0000-0000-000000000000';

const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const aaguidBytes = (aaguid: string) => Buffer.from(aaguid.replace(/-/g, ''), 'hex');

function clientDataJson(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** The COSE_Key of a public key (RFC 9053): EC2 P-256 for ES256, RSA for RS256. */
function coseKey(publicKey: KeyObject, algorithm: 'ES256' | 'RS256'): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  const b = (value: string | undefined) => new Uint8Array(Buffer.from(value ?? '', 'base64url'));
  const key =
    algorithm === 'ES256'
      ? new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, b(jwk.x)],
          [-3, b(jwk.y)],
        ])
      : new Map<number, number | Uint8Array>([
          [1, 3],
          [3, -257],
          [-1, b(jwk.n)],
          [-2, b(jwk.e)],
        ]);
  return Buffer.from(encodeCBOR(key));
}
