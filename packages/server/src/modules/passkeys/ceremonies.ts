import type {
  LatchError,
  WirePasskeyAssertion,
  WirePasskeyCreationOptions,
  WirePasskeyRegistration,
  WirePasskeyRequestOptions,
} from '@latch/protocol';
import { fromWirePasskeyJson, toWirePasskeyJson } from '@latch/protocol/passkeys';
import type {
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { CredentialDescriptor, NewCredential, StoredCredential } from './PasskeyCredentials.js';
import type { RelyingParty } from './relyingParty.js';

// The WebAuthn ceremonies through @simplewebauthn/server, with Latch's fixed choices: ES256 and RS256,
// user verification required, discoverable (resident) credentials, attestation 'none'. The wire is
// snake_case (protocol's converters); every library refusal becomes the caller's LatchError.

// Loaded on the first ceremony, not at start: the library is a third of the server's import time, and many
// deployments never enable passkeys.
let webauthn: Promise<typeof import('@simplewebauthn/server')> | undefined;
const simpleWebAuthn = () => {
  webauthn ??= import('@simplewebauthn/server');
  return webauthn;
};

/** COSE ES256 and RS256 (the algorithms; EdDSA is left out). */
const SUPPORTED_ALGORITHMS = [-7, -257];

/** Takes (spends) the challenge the client data carries; true when it was live and issued for this ceremony. */
type TakeChallenge = (challenge: string) => Promise<boolean>;

/** Creation options (sign-up, link) with `challenge`, excluding `exclude`. */
export async function creationOptions(
  rp: RelyingParty,
  user: { handle: Uint8Array; name: string },
  challenge: string,
  timeoutMs: number,
  exclude: CredentialDescriptor[] = [],
): Promise<WirePasskeyCreationOptions> {
  const options = await (await simpleWebAuthn()).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.name,
    userID: new Uint8Array(user.handle),
    userDisplayName: user.name,
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: timeoutMs,
    attestationType: 'none',
    excludeCredentials: exclude,
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
  });
  return toWirePasskeyJson(options);
}

/** Request options with `challenge`; no allow list (discoverable login) unless `allow` is given. */
export async function requestOptions(
  rp: RelyingParty,
  challenge: string,
  timeoutMs: number,
  allow?: CredentialDescriptor[],
): Promise<WirePasskeyRequestOptions> {
  const options = await (await simpleWebAuthn()).generateAuthenticationOptions({
    rpID: rp.id,
    challenge: Buffer.from(challenge, 'base64url'),
    timeout: timeoutMs,
    userVerification: 'required',
    allowCredentials: allow,
  });
  return toWirePasskeyJson(options);
}

/** Verifies a new credential (origin, RP ID, challenge, UV, algorithm, attestation 'none'); else throws `refusal`. */
export async function verifyRegistration(
  rp: RelyingParty,
  wire: WirePasskeyRegistration,
  takeChallenge: TakeChallenge,
  refusal: () => LatchError,
): Promise<NewCredential> {
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await (await simpleWebAuthn()).verifyRegistrationResponse({
      response: fromWirePasskeyJson<RegistrationResponseJSON>(wire),
      expectedChallenge: takeChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserPresence: true,
      requireUserVerification: true,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    });
  } catch {
    // The library's message may quote client data; the caller's refusal says what the user needs.
    throw refusal();
  }
  if (!verified.verified) throw refusal();
  // The options require a resident key: a browser that says it made a non-discoverable one (credProps)
  // made a passkey 'I have a passkey' can never find (for a sign-up, the user's only way back in).
  if ((wire.client_extension_results.cred_props as { rk?: unknown } | undefined)?.rk === false) throw refusal();
  const info = verified.registrationInfo;
  return {
    credentialId: info.credential.id,
    publicKey: info.credential.publicKey,
    counter: info.credential.counter,
    transports: wire.response.transports ?? [],
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    aaguid: info.aaguid,
  };
}

/** What a verified assertion tells: the new counter and backup state. */
interface VerifiedUse {
  counter: number;
  backedUp: boolean;
}

/**
 * Verifies an assertion by `credential` (origin, RP ID, challenge, UV, signature, and a counter that
 * increases whenever either side is non-zero); else throws `refusal`.
 */
export async function verifyAssertion(
  rp: RelyingParty,
  wire: WirePasskeyAssertion,
  credential: StoredCredential,
  takeChallenge: TakeChallenge,
  refusal: () => LatchError,
): Promise<VerifiedUse> {
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await (await simpleWebAuthn()).verifyAuthenticationResponse({
      response: fromWirePasskeyJson<AuthenticationResponseJSON>(wire),
      expectedChallenge: takeChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: credential.credentialId,
        publicKey: new Uint8Array(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports,
      },
      requireUserVerification: true,
    });
  } catch {
    throw refusal();
  }
  if (!verified.verified) throw refusal();
  return { counter: verified.authenticationInfo.newCounter, backedUp: verified.authenticationInfo.credentialBackedUp };
}
