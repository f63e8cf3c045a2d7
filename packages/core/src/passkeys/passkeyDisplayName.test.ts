import { describe, expect, it } from 'vitest';
import { passkeyDisplayName } from './passkeyDisplayName.js';

describe('passkeyDisplayName (SPEC §3)', () => {
  it("is 'authenticator on browser' when both are known", () => {
    expect(
      passkeyDisplayName({
        authenticatorName: 'iCloud Keychain',
        createdWithBrowser: 'Safari',
        createdWithOs: 'macOS',
      }),
    ).toBe('iCloud Keychain on Safari');
  });

  it("is 'browser on OS' without an authenticator name", () => {
    expect(passkeyDisplayName({ authenticatorName: null, createdWithBrowser: 'Chrome', createdWithOs: 'Linux' })).toBe(
      'Chrome on Linux',
    );
  });

  it("is 'Unknown device' otherwise (blank values count as missing), or the translation given", () => {
    expect(
      passkeyDisplayName({ authenticatorName: 'YubiKey 5', createdWithBrowser: null, createdWithOs: 'Linux' }),
    ).toBe('Unknown device');
    expect(passkeyDisplayName({ authenticatorName: ' ', createdWithBrowser: ' ', createdWithOs: 'Linux' })).toBe(
      'Unknown device',
    );
    expect(passkeyDisplayName({}, 'Appareil inconnu')).toBe('Appareil inconnu');
  });
});
