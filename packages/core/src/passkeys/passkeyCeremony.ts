import {
  LatchError,
  type WirePasskeyAssertion,
  type WirePasskeyCreationOptions,
  type WirePasskeyRegistration,
  type WirePasskeyRequestOptions,
} from '@latch/protocol';
import { fromWirePasskeyJson, toWirePasskeyJson } from '@latch/protocol/passkeys';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/** WebAuthn error names that mean the user cancelled, dismissed or let the system dialogue time out. */
const NOT_ALLOWED = new Set(['NotAllowedError', 'AbortError']);

/**
 * A browser ceremony failure in catalogue terms: a cancel or time-out is `passkey_not_allowed` (SPEC §8); anything
 * else keeps its name as `unknown_auth_error`, so the screens show their fallback text and never a raw browser message.
 */
function toPasskeyError(error: unknown): LatchError {
  if (error instanceof LatchError) return error;
  const name = error instanceof Error ? error.name : '';
  if (NOT_ALLOWED.has(name)) return new LatchError('passkey_not_allowed', undefined, { cause: error });
  return new LatchError('unknown_auth_error', `Passkey ceremony failed (${name || 'unknown'}).`, { cause: error });
}

// @simplewebauthn/browser loads with the first ceremony only: it must not enter the host page's initial JavaScript.
const browserLibrary = () => import('@simplewebauthn/browser');

/**
 * Runs navigator.credentials.get() with the server's (snake_case) options; returns the assertion on the wire. An
 * attempt aborted through `signal` (replaced or abandoned while its options were fetched) never starts its ceremony:
 * @simplewebauthn aborts the previous ceremony when a new one starts, so a late get() would cancel the live one.
 */
export async function runPasskeyAuthentication(
  options: WirePasskeyRequestOptions,
  signal?: AbortSignal,
): Promise<WirePasskeyAssertion> {
  const { startAuthentication } = await browserLibrary();
  try {
    signal?.throwIfAborted();
    const optionsJSON = fromWirePasskeyJson<PublicKeyCredentialRequestOptionsJSON>(options);
    return toWirePasskeyJson<WirePasskeyAssertion>(await startAuthentication({ optionsJSON }));
  } catch (error) {
    throw toPasskeyError(error);
  }
}

/**
 * Runs navigator.credentials.create() with the server's (snake_case) options; returns the new credential on the wire.
 * As authentication, an attempt aborted through `signal` never starts its ceremony.
 */
export async function runPasskeyRegistration(
  options: WirePasskeyCreationOptions,
  signal?: AbortSignal,
): Promise<WirePasskeyRegistration> {
  const { startRegistration } = await browserLibrary();
  try {
    signal?.throwIfAborted();
    const optionsJSON = fromWirePasskeyJson<PublicKeyCredentialCreationOptionsJSON>(options);
    return toWirePasskeyJson<WirePasskeyRegistration>(await startRegistration({ optionsJSON }));
  } catch (error) {
    throw toPasskeyError(error);
  }
}
