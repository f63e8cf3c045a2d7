/**
 * Passkeys (WebAuthn) on the wire (SPEC §3 "Passkey login", §4 "Passkey MFA challenge options" and
 * "Passkey enrolment payload", §7 "Passkeys"). The wire is snake_case; the browser side uses the
 * camelCase JSON of `@simplewebauthn/browser` (WebAuthn Level 3 `toJSON()` shapes). The converters here
 * map one to the other, field by field, with no knowledge of either library.
 */

export { PASSKEY_API } from './paths/passkeys.js';

type Json = Record<string, unknown>;

/** SPEC §4 "Passkey enrolment payload" / an assertion, on the wire. */
export interface WirePasskeyAssertion {
  id: string;
  raw_id: string;
  response: { client_data_json: string; authenticator_data: string; signature: string; user_handle?: string | null };
  authenticator_attachment?: string | null;
  client_extension_results: Json;
  type: 'public-key';
}

/** A new credential (attestation) on the wire. */
export interface WirePasskeyRegistration {
  id: string;
  raw_id: string;
  response: {
    client_data_json: string;
    attestation_object: string;
    authenticator_data?: string;
    transports?: string[];
    public_key_algorithm?: number;
    public_key?: string;
  };
  authenticator_attachment?: string | null;
  client_extension_results: Json;
  type: 'public-key';
}

/** A credential descriptor (SPEC §4 allow_credentials: id, type, transports). */
export interface WirePasskeyDescriptor {
  id: string;
  type: 'public-key';
  transports?: string[];
}

/** SPEC §4 "Passkey MFA challenge options" (also the login options). */
export interface WirePasskeyRequestOptions {
  challenge: string;
  timeout?: number;
  rp_id?: string;
  user_verification?: 'required' | 'preferred' | 'discouraged';
  allow_credentials?: WirePasskeyDescriptor[];
  extensions?: Json;
}

/** Creation options (sign-up and link). */
export interface WirePasskeyCreationOptions {
  rp: { id?: string; name: string };
  user: { id: string; name: string; display_name: string };
  challenge: string;
  pub_key_cred_params: Array<{ alg: number; type: 'public-key' }>;
  timeout?: number;
  exclude_credentials?: WirePasskeyDescriptor[];
  authenticator_selection?: {
    authenticator_attachment?: string;
    require_resident_key?: boolean;
    resident_key?: 'required' | 'preferred' | 'discouraged';
    user_verification?: 'required' | 'preferred' | 'discouraged';
  };
  attestation?: string;
  extensions?: Json;
}

// Keys whose snake_case form is not the mechanical one (`clientDataJSON` would become `client_data_j_s_o_n`).
const TO_SNAKE: Record<string, string> = { clientDataJSON: 'client_data_json', appid: 'app_id' };
const TO_CAMEL: Record<string, string> = Object.fromEntries(Object.entries(TO_SNAKE).map(([k, v]) => [v, k]));

const snake = (key: string) => TO_SNAKE[key] ?? key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (key: string) => TO_CAMEL[key] ?? key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

function mapKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => mapKeys(item, rename));
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) out[rename(key)] = mapKeys(item, rename);
  return out;
}

/** camelCase WebAuthn JSON (as `@simplewebauthn/browser` returns or takes it) → the snake_case wire form. */
export function toWirePasskeyJson<TWire>(browserJson: object): TWire {
  return mapKeys(browserJson, snake) as TWire;
}

/** The snake_case wire form → camelCase WebAuthn JSON (as `@simplewebauthn/server` and `/browser` take it). */
export function fromWirePasskeyJson<TBrowser>(wire: object): TBrowser {
  return mapKeys(wire, camel) as TBrowser;
}
