import { describe, expect, it } from 'vitest';
import { fromWirePasskeyJson, toWirePasskeyJson, type WirePasskeyAssertion } from './passkeys.js';

describe('passkey wire converters', () => {
  const browser = {
    id: 'abc',
    rawId: 'abc',
    response: { clientDataJSON: 'Y2Q', authenticatorData: 'YWQ', signature: 'c2ln', userHandle: 'dWg' },
    authenticatorAttachment: 'platform',
    clientExtensionResults: { credProps: { rk: true }, appid: false },
    type: 'public-key',
  };

  it('maps an assertion to SPEC §4 field names and back unchanged', () => {
    const wire = toWirePasskeyJson<WirePasskeyAssertion>(browser);
    expect(wire.raw_id).toBe('abc');
    expect(wire.response.client_data_json).toBe('Y2Q');
    expect(wire.response.user_handle).toBe('dWg');
    expect(wire.client_extension_results).toEqual({ cred_props: { rk: true }, app_id: false });
    expect(fromWirePasskeyJson(wire)).toEqual(browser);
  });

  it('leaves values alone (a base64url value with capitals stays as it is)', () => {
    const wire = toWirePasskeyJson<{ challenge: string; pub_key_cred_params: unknown }>({
      challenge: 'AbC_d-E',
      pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
    });
    expect(wire).toEqual({ challenge: 'AbC_d-E', pub_key_cred_params: [{ alg: -7, type: 'public-key' }] });
  });
});
